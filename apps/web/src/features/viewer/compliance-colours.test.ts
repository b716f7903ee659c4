import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STATUS_COLORS } from '@/lib/compliance-logic';
import { colourGroups, DIMMED_COLOUR, drawnCount, modelStatuses } from './compliance-colours';

describe('compliance colours (spec 3 §5, §9)', () => {
  it('uses the spec colours', () => {
    expect(STATUS_COLORS).toEqual({
      passed: '#22c55e',
      waived: '#86198f',
      warning: '#eab308',
      failed: '#ef4444',
      not_applicable: '#6b7280',
    });
  });

  it('gives Waived (issue 32) a colour of its own with at least 4.5:1 contrast on white (WCAG AA)', () => {
    // WCAG 2.x relative luminance, written out here.
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (1 + 0.05) / (luminance(STATUS_COLORS.waived) + 0.05);
    expect(contrast).toBeGreaterThanOrEqual(4.5);
    const others = Object.entries(STATUS_COLORS).filter(([status]) => status !== 'waived');
    expect(others.map(([, colour]) => colour)).not.toContain(STATUS_COLORS.waived);
  });

  it("keeps Waived apart from the app's --primary indigo and from every other status by hue", () => {
    // The token as the stylesheet declares it: a waived element must never read as a selection or a link.
    const indexCss = readFileSync(new URL('../../index.css', import.meta.url), 'utf8');
    const primary = /--primary:\s*(#[0-9a-f]{6})/i.exec(indexCss)?.[1];
    expect(primary).toMatch(/^#[0-9a-f]{6}$/i);
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
        number,
        number,
        number,
      ];
      const max = Math.max(r, g, b);
      const d = max - Math.min(r, g, b);
      const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
      return (h * 60 + 360) % 360;
    };
    const apart = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));
    const waived = hue(STATUS_COLORS.waived);
    // At least 30° of hue from indigo and from the coloured statuses (grey has no hue to compare).
    for (const colour of [
      primary as string,
      STATUS_COLORS.passed,
      STATUS_COLORS.warning,
      STATUS_COLORS.failed,
    ]) {
      expect(apart(waived, hue(colour))).toBeGreaterThanOrEqual(30);
    }
  });

  it('colours only elements the model has; unlisted ones are not applicable', () => {
    const groups = modelStatuses(
      { viewer_db_ids: [10, 11, 12, 99, 14], statuses: ['passed', 'failed', 'warning', 'failed', 'waived'] },
      [10, 11, 12, 13, 14],
    );
    const colours = colourGroups(groups);
    expect(colours.get('#86198f')).toEqual([14]);
    expect(colours.get('#22c55e')).toEqual([10]);
    expect(colours.get('#ef4444')).toEqual([11]);
    expect(colours.get('#eab308')).toEqual([12]);
    expect(colours.get('#6b7280')).toEqual([13]);
    expect(drawnCount(groups)).toBe(5);
  });

  it('dims every other status when filtered by one, and counts all of them still', () => {
    const groups = modelStatuses(
      { viewer_db_ids: [10, 11, 12], statuses: ['passed', 'failed', 'failed'] },
      [10, 11, 12, 13],
    );
    const colours = colourGroups(groups, 'failed');
    expect(colours.get('#ef4444')).toEqual([11, 12]);
    expect(colours.get(DIMMED_COLOUR)).toEqual([10, 13]);
    expect(colours.has('#22c55e')).toBe(false);
    expect(drawnCount(groups)).toBe(4);
  });
});

// @vitest-environment happy-dom
import type { OverviewFile } from '@plumbline/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { ValidityCard } from './validity-card';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const OLD = '00000000-0000-4000-8000-0000000000a1';
const NEW = '00000000-0000-4000-8000-0000000000a2';
const PENDING = '00000000-0000-4000-8000-0000000000a3';
const VERSION = '00000000-0000-4000-8000-000000000003';

function file(id: string, name: string, updatedAt: string, status: OverviewFile['status']): OverviewFile {
  return {
    id,
    name,
    source_filename: `${name}.ifc`,
    source_version_tag: null,
    version_count: 1,
    latest_size_bytes: 1,
    file_size_bytes: 1,
    storage_size_bytes: 1,
    total_size_bytes: 1,
    elements_count: 3,
    created_at: updatedAt,
    updated_at: updatedAt,
    status,
    error: null,
    rechecking: false,
    included: true,
    latest_version_id: status === 'completed' ? VERSION : null,
  };
}

const FILES = [
  file(OLD, 'Old model', '2026-12-01T10:00:00Z', 'completed'),
  file(NEW, 'New model', '2026-12-05T10:00:00Z', 'completed'),
  file(PENDING, 'Pending model', '2026-12-06T10:00:00Z', 'processing'),
];

const rule = (id: string, severity: 'error' | 'warning', outcome: 'pass' | 'fail' | 'n/a', count = 0) => ({
  rule: id,
  severity,
  outcome,
  finding_count: count,
  summary_message_id: `validity.rule.${id}`,
  findings: [],
});

const ANSWER = {
  version_id: VERSION,
  schema: 'IFC4X3_ADD2',
  checked: true,
  summary: { error_rules: 2, warning_rules: 1, passed_rules: 1, not_applicable_rules: 0, findings: 6 },
  rules: [
    rule('PSE002', 'warning', 'fail', 3),
    rule('IFC101', 'error', 'pass'),
    rule('SCH001', 'error', 'fail', 2),
    rule('SCH002', 'error', 'fail', 1),
  ],
};

describe('ValidityCard', () => {
  it("shows the latest processed file's errors and warnings by rule, each explained, with a link to the tab", async () => {
    const asked: URL[] = [];
    mockApi({
      [`GET /projects/${PROJECT}/bimfiles/${NEW}/validity`]: ({ url }) => {
        asked.push(url);
        return { body: ANSWER };
      },
    });
    renderWithApp(<ValidityCard projectId={PROJECT} files={FILES} />);
    const card = screen.getByRole('region', { name: 'Model Validity' });
    const list = await within(card).findByRole('list', { name: 'Failing validity rules' });
    // Errors first, then warnings; each with its one-line explanation and its count.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "ErrorSCH001 No GlobalId is used twice in the file (the schema's uniqueness rule on IfcRoot).2 findings",
      'ErrorSCH002 An object or type carries no two property sets of the same name (IFC4 and later).1 finding',
      "WarningPSE002 A custom property set's name does not start with 'Pset' in any spelling.3 findings",
    ]);
    expect(within(card).getByText('Rules with errors').nextSibling?.textContent).toBe('2');
    expect(within(card).getByText('Rules with warnings').nextSibling?.textContent).toBe('1');
    const link = within(card).getByRole('link', { name: /Validity of New model in the File Inspector/ });
    expect(link.getAttribute('href')).toBe(
      `/dashboard?tab=dashboard&fileTab=validity&project=${PROJECT}&file=${NEW}&version=${VERSION}`,
    );
    // Counts only, for the newest processed file (the one still processing is not offered).
    expect(asked.map((url) => url.searchParams.get('max_findings'))).toEqual(['0']);
    expect(within(card).getByRole('combobox', { name: 'Model file' })).toHaveTextContent('New model');
  });

  it('says when no model has been processed, and when nothing fails', async () => {
    const { unmount } = renderWithApp(
      <ValidityCard projectId={PROJECT} files={[FILES[2] as OverviewFile]} />,
    );
    expect(screen.getByText('No processed model yet')).toBeVisible();
    unmount();
    mockApi({
      [`GET /projects/${PROJECT}/bimfiles/${NEW}/validity`]: {
        body: {
          ...ANSWER,
          summary: { ...ANSWER.summary, error_rules: 0, warning_rules: 0 },
          rules: [rule('IFC101', 'error', 'pass')],
        },
      },
    });
    renderWithApp(<ValidityCard projectId={PROJECT} files={[FILES[1] as OverviewFile]} />);
    expect(await screen.findByText('No errors or warnings in New model (IFC4X3_ADD2).')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Model file' })).toBeNull();
  });
});

// @vitest-environment happy-dom
import type { OverviewChanges } from '@plumbline/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLocale } from '@/lib/i18n';
import { renderWithApp } from '@/lib/testing/render';
import { ChangesSince } from './changes-since';

const ref = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  version_number: n,
  version_tag: `v${n}`,
});

const TOWER: OverviewChanges = {
  file_id: '00000000-0000-4000-8000-000000000002',
  file_name: 'Tower.ifc',
  from_version: ref(3),
  to_version: ref(4),
  specifications: [
    {
      key: 'fr',
      name: 'Walls have a fire rating',
      identifier: 'FR-1',
      compared: true,
      new: 12,
      resolved: 40,
      removed: 1,
      waived: 0,
    },
    {
      key: 'ref',
      name: 'Walls have a reference',
      identifier: null,
      compared: true,
      new: 0,
      resolved: 2,
      removed: 0,
      waived: 3,
    },
    {
      key: 'late',
      name: 'Doors have a width',
      identifier: null,
      compared: false,
      new: 0,
      resolved: 0,
      removed: 0,
      waived: 0,
    },
  ],
};

afterEach(() => switchLocale('en'));

describe('ChangesSince', () => {
  it("says per specification what the latest version changed since the one before, from the server's figures", async () => {
    renderWithApp(<ChangesSince changes={[TOWER]} />);
    const file = await screen.findByRole('region', { name: 'Changes of Tower.ifc' });
    expect(within(file).getByRole('heading').textContent).toBe('Tower.ifc: v4 against v3');
    const lines = within(file)
      .getAllByRole('listitem')
      .map((item) => [...item.children].map((part) => part.textContent));
    expect(lines).toEqual([
      ['Walls have a fire rating', 'since v3: 12 new, 40 resolved'],
      // Failures an approved waiver covers: counted apart, as the Changes view does.
      ['Walls have a reference', 'since v3: 0 new, 2 resolved, 3 waived'],
      // Not checked in v3: nothing to say "since".
      ['Doors have a width', 'not checked in v3'],
    ]);
  });

  it.each([
    ['de', 'seit v3: 12 neu, 40 behoben', 'seit v3: 0 neu, 2 behoben, 3 mit Ausnahme'],
    ['fr', 'depuis v3 : 12 nouveaux, 40 résolus', 'depuis v3 : 0 nouveaux, 2 résolus, 3 sous dérogation'],
    ['nl', 'sinds v3: 12 nieuw, 40 opgelost', 'sinds v3: 0 nieuw, 2 opgelost, 3 met uitzondering'],
  ] as const)('in %s', async (locale, sentence, waived) => {
    await switchLocale(locale);
    renderWithApp(<ChangesSince changes={[TOWER]} />);
    expect(await screen.findByText(sentence)).toBeVisible();
    expect(screen.getByText(waived)).toBeVisible();
  });
});

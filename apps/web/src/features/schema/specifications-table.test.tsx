// @vitest-environment happy-dom
import type { IdsFacet, IdsSpecification } from '@plumbline/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { idsFacet, idsSpecification } from '@/lib/testing/ids-fixtures';
import { renderWithApp } from '@/lib/testing/render';
import { SpecificationsTable } from './specifications-table';

function facet(id: string, facet_type: IdsFacet['facet_type'], fields: Partial<IdsFacet>): IdsFacet {
  return idsFacet({ id, facet_type, ...fields });
}

function spec(n: number, name: string): IdsSpecification {
  return idsSpecification({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    ids_file_name: 'windows.ids',
    name,
    applicability_facets: [facet(`${n}.a0`, 'entity', { entity_name: 'IFCWINDOW' })],
    requirement_facets: [
      facet(`${n}.r0`, 'property', { property_set: 'Pset_WindowCommon', property_name: 'FireRating' }),
    ],
  });
}

// Server order, then the names sorted as a person reads them (numbers by value, case ignored).
const SPECS = [spec(1, 'Windows 10'), spec(2, 'doors'), spec(3, 'Windows 9')];

const names = () =>
  screen
    .getAllByTestId('specification-row')
    .map((row) => (within(row).getAllByRole('cell')[1] as HTMLElement).textContent);

// Moved from compliance.e2e (decision 0205): the IDS Schemas table's own behaviour; the figures in it,
// from the engine through the server, stay in the e2e test.
describe('SpecificationsTable', () => {
  it('sorts by name ascending, descending, then back to the order it was given', async () => {
    const { user } = renderWithApp(<SpecificationsTable specifications={SPECS} />);
    const header = screen.getByRole('button', { name: 'Specification' });
    expect(names()).toEqual(['Windows 10', 'doors', 'Windows 9']);
    await user.click(header);
    expect(names()).toEqual(['doors', 'Windows 9', 'Windows 10']);
    expect(screen.getByRole('columnheader', { name: 'Specification' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(header);
    expect(names()).toEqual(['Windows 10', 'Windows 9', 'doors']);
    await user.click(header);
    expect(names()).toEqual(['Windows 10', 'doors', 'Windows 9']);
  });

  it('lists a row’s facets when expanded, and opens the specification with View Details', async () => {
    const { user } = renderWithApp(<SpecificationsTable specifications={SPECS} />);
    const table = screen.getByRole('table', { name: 'IDS specifications' });
    await user.click(within(table).getByRole('button', { name: 'Expand doors' }));
    expect(within(table).getByRole('heading', { name: 'Requirements' })).toBeVisible();
    expect(within(table).getByRole('button', { name: 'Collapse doors' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    const row = screen.getAllByTestId('specification-row')[1] as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'View Details' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'doors' })).toBeVisible();
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { MetadataExplorer } from './metadata-explorer';

const address = {
  projectId: '00000000-0000-4000-8000-000000000001',
  fileId: '00000000-0000-4000-8000-000000000002',
  versionId: '00000000-0000-4000-8000-000000000003',
};

// A version of four elements: three windows and a door, each with a width (one not a number).
const rows = [
  { id: 1, ifcClass: 'IfcWindow', width: '0.6' },
  { id: 2, ifcClass: 'IfcWindow', width: '1.2' },
  { id: 3, ifcClass: 'IfcWindow', width: 'n/a' },
  { id: 4, ifcClass: 'IfcDoor', width: '0.9' },
].flatMap((e) => [
  { ...e, set: 'Pset_Common', attribute: 'Width', value: e.width },
  { ...e, set: 'Pset_Common', attribute: 'Reference', value: `R${e.id}` },
]);
type Fixture = (typeof rows)[number];

/** The server's stand-in: class filter and range, each facet counted under the other filters. */
function selected(url: URL, dropClass = false): Fixture[] {
  const classes = dropClass ? [] : url.searchParams.getAll('ifc_class');
  const from = url.searchParams.get('range_from');
  const to = url.searchParams.get('range_to');
  const ranged = url.searchParams.get('range_attribute');
  return rows.filter(
    (r) =>
      (classes.length === 0 || classes.includes(r.ifcClass)) &&
      (!ranged ||
        (r.attribute === ranged &&
          /^[0-9.]+$/.test(r.value) &&
          (from === null || Number(r.value) >= Number(from)) &&
          (to === null || Number(r.value) <= Number(to)))),
  );
}

const counted = (list: Fixture[], key: (r: Fixture) => string, keys: string[]) =>
  keys.map((k) => ({ key: k, label: k, count: list.filter((r) => key(r) === k).length }));

function facets(url: URL) {
  const narrowed = selected(url);
  return {
    version_id: address.versionId,
    total_rows: rows.length,
    sections: [
      {
        key: 'ifc_class',
        title: 'IFC Class',
        options: counted(selected(url, true), (r) => r.ifcClass, ['IfcWindow', 'IfcDoor']),
      },
      {
        key: 'attribute',
        title: 'Attribute',
        options: counted(narrowed, (r) => r.attribute, ['Width', 'Reference']),
      },
    ],
    numeric_properties: [{ property_set: 'Pset_Common', attribute: 'Width', count: 3, min: 0.6, max: 1.2 }],
  };
}

function page(url: URL) {
  const list = selected(url);
  return {
    version_id: address.versionId,
    rows: list.map((r) => ({
      id: `${r.id}:${r.set}:${r.attribute}`,
      object_id: `#${r.id}`,
      object_name: `Element ${r.id}`,
      category: r.ifcClass === 'IfcDoor' ? 'Doors' : 'Windows',
      ifc_class: r.ifcClass,
      level: null,
      property_set: r.set,
      attribute: r.attribute,
      value: r.value,
      viewer_db_id: r.id,
      global_id: null,
    })),
    page: 1,
    page_size: 100,
    total: list.length,
    total_exact: true,
    total_pages: 1,
  };
}

const optionCount = (section: string, label: string) =>
  within(screen.getByTestId(`filter-section-${section}`))
    .getByText(label)
    .closest('label')?.textContent;

describe('MetadataExplorer', () => {
  it('filters a numeric property by a from–to range and counts each facet under the other filters', async () => {
    window.localStorage.clear();
    const base = `/projects/${address.projectId}/bimfiles/${address.fileId}/metadata`;
    let lastPage = new URL('http://localhost');
    mockApi({
      [`GET ${base}`]: ({ url }) => {
        lastPage = url;
        return { body: page(url) };
      },
      [`GET ${base}/facets`]: ({ url }) => ({ body: facets(url) }),
    });
    const { user } = renderWithApp(
      <MetadataExplorer address={address} details={null} onDetailsChange={() => {}} />,
    );
    expect(await screen.findByText('8 rows')).toBeVisible();
    expect(optionCount('ifc_class', 'IfcWindow')).toBe('IfcWindow6');
    expect(optionCount('attribute', 'Width')).toBe('Width4');

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Numeric property' }),
      'Width (Pset_Common)',
    );
    const min = screen.getByRole('spinbutton', { name: 'Width minimum' });
    const max = screen.getByRole('spinbutton', { name: 'Width maximum' });
    expect(min).toHaveValue(0.6);
    expect(max).toHaveValue(1.2);
    fireEvent.change(min, { target: { value: '0.8' } });
    fireEvent.blur(min);
    fireEvent.change(max, { target: { value: '1' } });
    fireEvent.blur(max);

    // Only the door's width (0.9) is a number within 0.8–1; 'n/a' is never in a range.
    expect(await screen.findByText('1 row')).toBeVisible();
    expect(Object.fromEntries([...lastPage.searchParams].filter(([k]) => k.startsWith('range')))).toEqual({
      range_property_set: 'Pset_Common',
      range_attribute: 'Width',
      range_from: '0.8',
      range_to: '1',
    });
    await waitFor(() => expect(optionCount('ifc_class', 'IfcWindow')).toBe('IfcWindow0'));
    expect(optionCount('ifc_class', 'IfcDoor')).toBe('IfcDoor1');
    expect(optionCount('attribute', 'Reference')).toBe('Reference0');

    // Choosing a class narrows the other sections, not its own.
    await user.click(
      within(screen.getByTestId('filter-section-ifc_class')).getByRole('checkbox', { name: /IfcWindow/ }),
    );
    expect(await screen.findByText('No rows match')).toBeVisible();
    await waitFor(() => expect(optionCount('attribute', 'Width')).toBe('Width0'));
    expect(optionCount('ifc_class', 'IfcDoor')).toBe('IfcDoor1');
  });
});

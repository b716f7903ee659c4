import { describe, expect, it } from 'vitest';
import { apiPath } from '@/lib/api/paths';
import {
  cycleSort,
  initialExplorerState,
  pageQuery,
  readPreferences,
  readSubTab,
  selectionQuery,
  withFilters,
  withPageSize,
  withSearch,
  writePreferences,
  writeSubTab,
} from './explorer-state';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
    key: (i) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
}

describe('explorer state', () => {
  it('cycles a column ascending, descending, none; another column starts ascending; page goes to 1', () => {
    let state = { ...initialExplorerState, page: 7 };
    state = cycleSort(state, 'value');
    expect(state.sort).toEqual({ key: 'value', direction: 'asc' });
    expect(state.page).toBe(1);
    state = cycleSort({ ...state, page: 3 }, 'value');
    expect(state.sort).toEqual({ key: 'value', direction: 'desc' });
    expect(state.page).toBe(1);
    expect(cycleSort(state, 'value').sort).toBeNull();
    expect(cycleSort(state, 'category').sort).toEqual({ key: 'category', direction: 'asc' });
  });

  it('goes back to page 1 when filters, search or page size change', () => {
    const on5 = { ...initialExplorerState, page: 5 };
    expect(withFilters(on5, { level: ['L1'] }).page).toBe(1);
    expect(withSearch(on5, 'fire').page).toBe(1);
    expect(withSearch(on5, '')).toBe(on5);
    expect(withPageSize(on5, 200)).toMatchObject({ page: 1, pageSize: 200 });
  });

  it('builds the API query with repeated filter keys', () => {
    const query = apiPath('/projects/{projectId}/bimfiles/{fileId}/metadata', {
      path: { projectId: 'p', fileId: 'f' },
      query: pageQuery('v1', {
        ...initialExplorerState,
        search: ' wall ',
        filters: { category: ['Walls', 'Doors'], attribute: ['Width'] },
        sort: { key: 'ifc_class', direction: 'desc' },
        page: 2,
      }),
    });
    const params = new URLSearchParams(query.slice(query.indexOf('?')));
    expect(params.get('versionId')).toBe('v1');
    expect(params.get('page')).toBe('2');
    expect(params.get('page_size')).toBe('100');
    expect(params.get('search')).toBe('wall');
    expect(params.getAll('category')).toEqual(['Walls', 'Doors']);
    expect(params.getAll('attribute')).toEqual(['Width']);
    expect(params.get('sort')).toBe('ifc_class');
    expect(params.get('order')).toBe('desc');
  });

  it('stores preferences per project, file and version and rejects malformed ones', () => {
    const storage = memoryStorage();
    const state = {
      ...initialExplorerState,
      search: 'fire',
      filters: { level: ['L1'] },
      sort: { key: 'value' as const, direction: 'desc' as const },
      page: 4,
    };
    writePreferences(storage, 'p', 'f', 'v', state);
    expect(readPreferences(storage, 'p', 'f', 'v')).toEqual(state);
    expect(readPreferences(storage, 'p', 'f', 'other')).toEqual(initialExplorerState);
    storage.setItem(
      'plumbline:metadata-explorer:p:f:bad',
      JSON.stringify({
        search: 3,
        filters: { level: 'x', nope: ['a'] },
        sort: { key: 'drop' },
        page: -1,
        pageSize: 7,
      }),
    );
    expect(readPreferences(storage, 'p', 'f', 'bad')).toEqual(initialExplorerState);
    storage.setItem('plumbline:metadata-explorer:p:f:junk', '{not json');
    expect(readPreferences(storage, 'p', 'f', 'junk')).toEqual(initialExplorerState);
  });

  it('sends a numeric range with its property, and restores only well-formed stored ranges', () => {
    const range = { propertySet: 'Pset_WindowCommon', attribute: 'Width', from: 0.5, to: 1.25 };
    const query = selectionQuery({ ...initialExplorerState, range });
    expect(query).toEqual({
      range_property_set: 'Pset_WindowCommon',
      range_attribute: 'Width',
      range_from: '0.5',
      range_to: '1.25',
    });
    expect(
      selectionQuery({ ...initialExplorerState, range: { ...range, from: undefined, to: undefined } }),
    ).toEqual({});
    const storage = memoryStorage();
    writePreferences(storage, 'p', 'f', 'v', { ...initialExplorerState, range });
    expect(readPreferences(storage, 'p', 'f', 'v').range).toEqual(range);
    for (const bad of [
      { ...range, from: 3, to: 1 },
      { ...range, from: 'x', to: null },
      { attribute: 'Width', from: 1 },
    ]) {
      storage.setItem('plumbline:metadata-explorer:p:f:r', JSON.stringify({ range: bad }));
      expect(readPreferences(storage, 'p', 'f', 'r').range).toBeNull();
    }
  });

  it('remembers the sub-tab', () => {
    const storage = memoryStorage();
    expect(readSubTab(storage)).toBe('metadata');
    writeSubTab(storage, 'ids-compliance');
    expect(readSubTab(storage)).toBe('ids-compliance');
  });
});

import { describe, expect, it } from 'vitest';
import { initialSelection, readSelection, writeSelection } from './selection-memory';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('selection memory', () => {
  it('remembers a selection per area', () => {
    const storage = memoryStorage();
    writeSelection(storage, 'inspector', { project: 'p1', file: 'f1', version: 'v1' });
    writeSelection(storage, 'metadata', { project: 'p2', file: null, version: null });
    expect(readSelection(storage, 'inspector')).toEqual({ project: 'p1', file: 'f1', version: 'v1' });
    expect(readSelection(storage, 'metadata')).toEqual({ project: 'p2', file: null, version: null });
    expect(readSelection(storage, 'reports')).toEqual({ project: null, file: null, version: null });
  });

  it('drops a file without its project and a version without its file, and survives garbage', () => {
    const storage = memoryStorage();
    storage.setItem('plumbline:selection:inspector', JSON.stringify({ file: 'f1', version: 'v1' }));
    expect(readSelection(storage, 'inspector')).toEqual({ project: null, file: null, version: null });
    storage.setItem('plumbline:selection:inspector', JSON.stringify({ project: 'p', version: 'v1' }));
    expect(readSelection(storage, 'inspector')).toEqual({ project: 'p', file: null, version: null });
    storage.setItem('plumbline:selection:inspector', '{not json');
    expect(readSelection(storage, 'inspector')).toEqual({ project: null, file: null, version: null });
  });

  it('lets the URL win over the remembered selection', () => {
    const remembered = { project: 'p1', file: 'f1', version: 'v1' };
    expect(initialSelection({ project: 'p9', file: null, version: null }, remembered)).toBeNull();
    expect(initialSelection({ project: null, file: null, version: null }, remembered)).toEqual(remembered);
    expect(
      initialSelection(
        { project: null, file: null, version: null },
        { project: null, file: null, version: null },
      ),
    ).toBeNull();
  });
});

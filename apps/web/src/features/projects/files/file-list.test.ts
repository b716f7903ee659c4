import type { BimFile } from '@plumbline/contracts';
import { describe, expect, it } from 'vitest';
import { upsertFile } from './file-list';

describe('upsertFile', () => {
  const file = (id: string, status: BimFile['status']) => ({ id, status }) as BimFile;

  it('replaces a file uploaded again (a new version) in place', () => {
    const list = [file('a', 'completed'), file('b', 'completed')];
    expect(upsertFile(list, file('b', 'pending')).map((f) => [f.id, f.status])).toEqual([
      ['a', 'completed'],
      ['b', 'pending'],
    ]);
  });

  it('puts a new file first, and starts a list that was not loaded', () => {
    expect(upsertFile([file('a', 'completed')], file('c', 'pending')).map((f) => f.id)).toEqual(['c', 'a']);
    expect(upsertFile(undefined, file('c', 'pending')).map((f) => f.id)).toEqual(['c']);
  });
});

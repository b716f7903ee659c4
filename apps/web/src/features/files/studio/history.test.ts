import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, record, redo, startHistory, undo } from './history';

describe('Studio history', () => {
  it('undoes and redoes edits in order, and an edit after an undo drops the redo', () => {
    let h = startHistory('a');
    h = record(h, 'b');
    h = record(h, 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    h = record(h, 'd');
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
    expect(undo(h).present).toBe('b');
  });

  it('records nothing for an edit that changes nothing, and keeps at most the limit of steps', () => {
    const h = startHistory('a');
    expect(record(h, 'a')).toBe(h);
    let long = h;
    for (let i = 0; i < HISTORY_LIMIT + 10; i++) long = record(long, `t${i}`);
    expect(long.past).toHaveLength(HISTORY_LIMIT);
    expect(long.past[0]).toBe('t9');
  });
});

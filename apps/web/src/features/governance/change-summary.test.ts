import { describe, expect, it } from 'vitest';
import { changeSummary, describeValue } from './change-summary';

describe('audit change summary', () => {
  it('reads a change as before → after', () => {
    expect(changeSummary({ email: 'a@b.c', before: { role: 'Viewer' }, after: { role: 'Editor' } })).toBe(
      'role: Viewer → role: Editor',
    );
    expect(changeSummary({ before: null, after: { active: true } })).toBe('— → active: true');
  });

  it('lists the details of an entry that records no change', () => {
    expect(changeSummary({ name: 'rules.ids', rechecks: 2 })).toBe('name: rules.ids, rechecks: 2');
    expect(describeValue({ requirement: { name: 'FireRating' } })).toBe('requirement: {"name":"FireRating"}');
  });
});

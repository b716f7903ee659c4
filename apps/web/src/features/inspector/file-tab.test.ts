import { describe, expect, it } from 'vitest';
import { resolveFileTab } from './file-tab';

describe('File Inspector sub-tab', () => {
  it('takes the query parameter first, then the stored choice, then compliance', () => {
    expect(resolveFileTab('schema', 'extra-attributes')).toBe('schema');
    expect(resolveFileTab(null, 'extra-attributes')).toBe('extra-attributes');
    expect(resolveFileTab('nonsense', 'also-nonsense')).toBe('compliance');
    expect(resolveFileTab(null, null)).toBe('compliance');
  });
});

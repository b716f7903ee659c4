import { describe, expect, it } from 'vitest';
import { explorerLink } from './explorer-link';

describe('explorerLink', () => {
  it('opens the metadata tab with project, file and version on the given route', () => {
    expect(explorerLink('/demo', 'p1', 'f1', 'v1')).toBe('/demo?tab=metadata&project=p1&file=f1&version=v1');
  });
  it('leaves the version out when the file has no processed version', () => {
    expect(explorerLink('/dashboard', 'p1', 'f1', null)).toBe('/dashboard?tab=metadata&project=p1&file=f1');
  });
});

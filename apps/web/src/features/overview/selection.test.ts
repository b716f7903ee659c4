import { describe, expect, it } from 'vitest';
import { makeProject } from '../projects/test-fixtures';
import { resolveSelectedProject } from './selection';

const a = makeProject({ id: 'a' });
const b = makeProject({ id: 'b' });

describe('resolveSelectedProject', () => {
  it('keeps the requested project', () => {
    expect(resolveSelectedProject([a, b], 'b')).toEqual({ project: b, stale: false });
  });

  it('falls back to the first project when none is requested', () => {
    expect(resolveSelectedProject([a, b], null)).toEqual({ project: a, stale: false });
  });

  it('never opens another project for an unknown id: it is stale', () => {
    expect(resolveSelectedProject([a, b], 'gone')).toEqual({ project: undefined, stale: true });
    expect(resolveSelectedProject([], 'a')).toEqual({ project: undefined, stale: true });
  });

  it('selects nothing when there are no projects', () => {
    expect(resolveSelectedProject([], null)).toEqual({ project: undefined, stale: false });
  });
});

import { describe, expect, it } from 'vitest';
import { makeProject } from '../projects/test-fixtures';
import { resolveSelectedProject } from './selection';

const a = makeProject({ id: 'a' });
const b = makeProject({ id: 'b' });

describe('resolveSelectedProject', () => {
  it('keeps the requested project', () => {
    expect(resolveSelectedProject([a, b], 'b')).toBe(b);
  });

  it('falls back to the first project when none or an unknown one is requested', () => {
    expect(resolveSelectedProject([a, b], null)).toBe(a);
    expect(resolveSelectedProject([a, b], 'gone')).toBe(a);
  });

  it('selects nothing when there are no projects', () => {
    expect(resolveSelectedProject([], 'a')).toBeUndefined();
  });
});

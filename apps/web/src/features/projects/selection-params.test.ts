import { describe, expect, it } from 'vitest';
import { withSelection } from './selection-params';

const params = (query: string) => new URLSearchParams(query);

describe('withSelection', () => {
  it('clears file and version when another project is chosen, keeping other parameters', () => {
    const next = withSelection(params('tab=metadata&project=a&file=f&version=v'), { project: 'b' });
    expect(next.toString()).toBe('tab=metadata&project=b');
  });

  it('keeps file and version when the same project is chosen again', () => {
    expect(withSelection(params('project=a&file=f&version=v'), { project: 'a' }).toString()).toBe(
      'project=a&file=f&version=v',
    );
  });

  it('clears the version when another file is chosen', () => {
    expect(withSelection(params('project=a&file=f&version=v'), { file: 'g' }).toString()).toBe(
      'project=a&file=g',
    );
  });

  it('sets the version alone', () => {
    expect(withSelection(params('project=a&file=f'), { version: '3' }).toString()).toBe(
      'project=a&file=f&version=3',
    );
  });

  it('does not change the parameters it was given', () => {
    const original = params('project=a&file=f');
    withSelection(original, { project: 'b' });
    expect(original.toString()).toBe('project=a&file=f');
  });
});

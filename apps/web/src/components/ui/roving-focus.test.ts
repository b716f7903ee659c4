import { describe, expect, it } from 'vitest';
import { rovingTarget } from './roving-focus';

describe('roving focus (one Tab stop per group, issue 21)', () => {
  it('moves with the arrows, wrapping, and jumps with Home and End', () => {
    expect(rovingTarget('ArrowDown', 0, 3)).toBe(1);
    expect(rovingTarget('ArrowRight', 2, 3)).toBe(0);
    expect(rovingTarget('ArrowUp', 0, 3)).toBe(2);
    expect(rovingTarget('ArrowLeft', 1, 3)).toBe(0);
    expect(rovingTarget('Home', 2, 3)).toBe(0);
    expect(rovingTarget('End', 0, 3)).toBe(2);
  });

  it('leaves Space, Tab and every other key alone', () => {
    for (const key of [' ', 'Tab', 'Enter', 'a']) expect(rovingTarget(key, 1, 3)).toBeNull();
    expect(rovingTarget('ArrowDown', 0, 0)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { coverageLabel } from './attribute-analysis';

describe('coverageLabel (spec 1 §5)', () => {
  it('is Excellent from 80, Good from 60, else Needs Attention', () => {
    expect(coverageLabel(80)).toBe('Excellent');
    expect(coverageLabel(79.9)).toBe('Good');
    expect(coverageLabel(60)).toBe('Good');
    expect(coverageLabel(59.9)).toBe('Needs Attention');
    expect(coverageLabel(0)).toBe('Needs Attention');
  });
});

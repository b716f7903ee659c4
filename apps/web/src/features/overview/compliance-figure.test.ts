import { describe, expect, it } from 'vitest';
import { complianceLevel } from './compliance-figure';

describe('complianceLevel', () => {
  it('uses the thresholds 90 and 70', () => {
    expect([100, 90, 89, 70, 69, 0].map(complianceLevel)).toEqual([
      'good',
      'good',
      'fair',
      'fair',
      'poor',
      'poor',
    ]);
  });
});

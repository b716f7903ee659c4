import { describe, expect, it } from 'vitest';
import { complianceFigure, complianceLevel } from './compliance-figure';

describe('complianceFigure', () => {
  it('is compliant over applicable, rounded', () => {
    expect(
      complianceFigure({
        compliant_elements: 2,
        applicable_elements: 3,
        waived_elements: 0,
        total_elements: 10,
      }),
    ).toBe(67);
  });
  it('is 0 when nothing is applicable', () => {
    expect(
      complianceFigure({
        compliant_elements: 0,
        applicable_elements: 0,
        waived_elements: 0,
        total_elements: 10,
      }),
    ).toBe(0);
  });
});

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

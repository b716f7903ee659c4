import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api';
import { t } from '@/lib/i18n';
import {
  capped,
  complianceErrorDescription,
  facetOutcome,
  facetResultList,
  facetTitle,
  specificationStatus,
} from './compliance-status';

describe('specification status badge', () => {
  it('is Not Applicable outside the specification, else Compliant, Waived or Non-Compliant', () => {
    const label = (is_applicable: boolean, meets_requirements: boolean | null, is_waived = false) =>
      t('compliance.elementStatus', {
        status: specificationStatus({ is_applicable, meets_requirements, is_waived }),
      });
    expect(label(false, null)).toBe('Not Applicable');
    expect(label(false, true)).toBe('Not Applicable');
    expect(label(true, true)).toBe('Compliant');
    expect(label(true, false)).toBe('Non-Compliant');
    expect(label(true, false, true)).toBe('Waived');
  });
});

describe('facet result mapping', () => {
  it('maps the four results and says when an applicability facet was not evaluated', () => {
    const label = (view: { outcome: string }) => t('compliance.facet.outcome', { outcome: view.outcome });
    expect(label(facetOutcome({ result: 'applicable', is_satisfied: true }))).toBe('Applicable');
    expect(facetOutcome({ result: 'passed', is_satisfied: true })).toEqual({
      outcome: 'passed',
      tone: 'success',
    });
    expect(label(facetOutcome({ result: 'passed', is_satisfied: true }))).toBe('Passed');
    expect(facetOutcome({ result: 'failed', is_satisfied: false })).toEqual({
      outcome: 'failed',
      tone: 'destructive',
    });
    expect(label(facetOutcome({ result: 'failed', is_satisfied: false }))).toBe('Failed');
    expect(label(facetOutcome({ result: 'not_applicable', is_satisfied: false }))).toBe('No match');
    expect(label(facetOutcome({ result: 'not_applicable', is_satisfied: null }))).toBe('Not evaluated');
    expect(label(facetOutcome({ result: 'not_applicable', is_satisfied: null }, 'requirements'))).toBe(
      'Not Applicable',
    );
  });

  it('accepts a plain list or an object holding the details list', () => {
    expect(facetResultList([1, 2])).toEqual([1, 2]);
    expect(facetResultList({ applicability_details: [3] })).toEqual([3]);
    expect(facetResultList({ requirement_details: [4] })).toEqual([4]);
    expect(facetResultList({ other: [5] })).toEqual([]);
    expect(facetResultList(null)).toEqual([]);
  });

  it('titles a facet by its description, else by what it names', () => {
    const details = { cardinality: 'required' as const, description: null, value_constraints: [] };
    expect(
      facetTitle({
        facet_type: 'property',
        details: { ...details, property_set: 'Pset', property_name: 'X' },
      }),
    ).toBe('Pset.X');
    expect(facetTitle({ facet_type: 'entity', details: { ...details, description: 'IFCDOOR' } })).toBe(
      'IFCDOOR',
    );
    // A facet that names nothing is titled by its type (`common.facetType`).
    expect(facetTitle({ facet_type: 'material', details })).toBeNull();
    expect(t('common.facetType', { type: 'material' })).toBe('Material');
  });
});

describe('caps and errors', () => {
  it('caps a list and counts the rest', () => {
    expect(capped(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b', 'c'], hidden: 2 });
    expect(capped(['a'], 3)).toEqual({ shown: ['a'], hidden: 0 });
  });

  it('asks to sign in on a 401 or a credentials error, else to check the connection', () => {
    const unauthorized = new ApiRequestError({ status: 401, code: 'unauthenticated', message: 'x' });
    expect(t(complianceErrorDescription(unauthorized))).toBe(
      'Authentication required to view compliance data',
    );
    expect(t(complianceErrorDescription(new Error('No authentication token available')))).toBe(
      'Authentication required to view compliance data',
    );
    const offline = new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' });
    expect(t(complianceErrorDescription(offline))).toBe(
      'Please check your connection and try refreshing the page',
    );
  });
});

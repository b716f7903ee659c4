import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';
import { FIRE_RATING, idsFacet } from '@/lib/testing/ids-fixtures';
import { reasonText } from './reason-text';

const fireRating = idsFacet(FIRE_RATING);
const spec = { requirements: [{ key: 'k', facet_index: 0, facet: fireRating }] };

describe('reasonText', () => {
  it('names the property and what is wrong with it', () => {
    const reason = { facet_index: 0, facet_type: 'property', outcome: 'absent' as const, actual_value: null };
    expect(reasonText(t, reason, spec)).toBe('Pset_WallCommon.FireRating is missing');
    expect(reasonText(t, { ...reason, outcome: 'mismatch', actual_value: 'EI30' }, spec)).toBe(
      'Pset_WallCommon.FireRating is EI30, which does not meet the requirement',
    );
  });

  it('says so when the requirement is not among the specification’s facets', () => {
    const reason = { facet_index: 3, facet_type: 'property', outcome: 'absent' as const, actual_value: null };
    expect(reasonText(t, reason, spec)).toBe('Requirement not met');
    expect(reasonText(t, { ...reason, facet_index: null }, spec)).toBe('Prohibited elements are present');
  });
});

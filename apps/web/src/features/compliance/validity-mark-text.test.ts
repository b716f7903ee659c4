import { describe, expect, it } from 'vitest';
import { validityMarkText } from './validity-mark-text';

describe('validityMarkText', () => {
  it('says each reason in words with its parameters', () => {
    expect(validityMarkText({ code: 'unofficial_schema', rule: 'IFC101', schema: 'IFC4X1' })).toBe(
      "Unreliable: the file's schema identifier 'IFC4X1' is not an official IFC version (IFC101).",
    );
    expect(
      validityMarkText({
        code: 'repeated_property_set',
        rule: 'SCH002',
        property_sets: ['Pset_A', 'Pset_B'],
      }),
    ).toBe('Unreliable: property sets Pset_A, Pset_B are written twice on this element (SCH002).');
  });
});

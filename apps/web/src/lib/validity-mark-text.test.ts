import { describe, expect, it } from 'vitest';
import { switchLocale, t } from '@/lib/i18n';
import { validityMarkText } from './validity-mark-text';

describe('validityMarkText', () => {
  it('says each reason in words with its parameters', () => {
    expect(validityMarkText(t, { code: 'unofficial_schema', rule: 'IFC101', schema: 'IFC4X1' })).toBe(
      "Unreliable: the file's schema identifier “IFC4X1” is not an official IFC version (IFC101).",
    );
    expect(
      validityMarkText(t, {
        code: 'repeated_property_set',
        rule: 'SCH002',
        property_sets: ['Pset_A', 'Pset_B'],
      }),
    ).toBe('Unreliable: property sets Pset_A, Pset_B are written twice on this element (SCH002).');
    expect(
      validityMarkText(t, { code: 'repeated_property_set', rule: 'SCH002', property_sets: ['Pset_A'] }),
    ).toBe('Unreliable: property set Pset_A is written twice on this element (SCH002).');
  });

  it('speaks the reader’s language', async () => {
    await switchLocale('de');
    try {
      expect(validityMarkText(t, { code: 'repeated_global_id', rule: 'SCH001', global_id: 'x' })).toBe(
        'Unzuverlässig: Die GlobalId dieses Bauteils wird auch von einem anderen Bauteil verwendet (SCH001).',
      );
    } finally {
      await switchLocale('en');
    }
  });
});

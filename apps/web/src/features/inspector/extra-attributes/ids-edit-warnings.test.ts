import { idsEditWarningCodeSchema } from '@plumbline/contracts';
import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';
import { idsEditWarningText } from './ids-edit-warnings';

describe('idsEditWarningText', () => {
  it('explains every warning code the API can send, each differently', () => {
    const texts = idsEditWarningCodeSchema.options.map((code) =>
      idsEditWarningText(t, { code, declared_encoding: null }),
    );
    expect(texts.every((t) => t.length > 20)).toBe(true);
    expect(new Set(texts).size).toBe(idsEditWarningCodeSchema.options.length);
  });

  it('names the encoding the file declares', () => {
    expect(idsEditWarningText(t, { code: 'encoding_not_utf8', declared_encoding: 'ISO-8859-1' })).toBe(
      'The file is encoded as ISO-8859-1; only UTF-8 files can be edited in place.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { validateAgainstSchema } from './json-schema-subset';

const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['when', 'items'],
  properties: {
    when: { type: 'string', format: 'date-time' },
    kind: { const: 1 },
    items: { type: 'array', minItems: 1, items: { $ref: '#/$defs/item' } },
  },
  $defs: { item: { type: ['integer', 'null'], minimum: 0 } },
};

describe('JSON Schema subset validator', () => {
  it('accepts a conforming document', () => {
    expect(
      validateAgainstSchema({ when: '2026-01-02T03:04:05Z', kind: 1, items: [0, null] }, schema),
    ).toEqual([]);
  });

  it('reports every violation with its path', () => {
    expect(
      validateAgainstSchema({ when: 'yesterday', kind: 2, items: [1.5, -1], extra: true }, schema),
    ).toEqual([
      "$.when: 'yesterday' is not an RFC 3339 date-time",
      '$.kind: expected 1',
      '$.items[0]: expected integer or null, got number',
      '$.items[1]: -1 is below the minimum 0',
      "$: unexpected property 'extra'",
    ]);
    expect(validateAgainstSchema({ items: [] }, schema)).toEqual([
      "$: missing required property 'when'",
      '$.items: expected at least 1 items, got 0',
    ]);
  });

  it('refuses keywords it does not implement instead of ignoring them', () => {
    expect(() => validateAgainstSchema('x', { type: 'string', maxLength: 3 })).toThrow(/maxLength/);
  });
});

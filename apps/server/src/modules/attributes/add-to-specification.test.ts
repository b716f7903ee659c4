import { parseIds, validateIds, writeIds } from '@plumbline/ids';
import { describe, expect, it } from 'vitest';
import { hasPropertyRequirement, withPropertyRequirement } from './add-to-specification';

const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <info><title>Doors</title></info>
  <specifications>
    <specification name="Doors" ifcVersion="IFC4">
      <applicability><entity><name><simpleValue>IFCDOOR</simpleValue></name></entity></applicability>
    </specification>
  </specifications>
</ids>`;

describe('withPropertyRequirement', () => {
  it.each([
    [{ type: 'enumeration' as const, values: ['EI30', 'EI60'] }, 'IFCLABEL'],
    [{ type: 'bounds' as const, min_value: '0.5', max_value: null }, 'IFCLENGTHMEASURE'],
    [{ type: 'pattern' as const, pattern: 'D-[0-9]{3}' }, 'IFCIDENTIFIER'],
    [{ type: 'simpleValue' as const, value: 'true' }, 'IFCBOOLEAN'],
  ])('appends a requirement with a %o constraint that stays valid IDS', async (constraint, dataType) => {
    const doc = parseIds(xml);
    const changed = withPropertyRequirement(doc, 0, {
      propertySet: 'Pset_DoorCommon',
      propertyName: 'FireRating',
      dataType,
      cardinality: 'required',
      valueConstraints: [constraint],
      instructions: 'Found on 92.0% of elements',
    });
    const written = writeIds(changed);
    expect(await validateIds(written)).toEqual([]);
    const reread = parseIds(written);
    expect(hasPropertyRequirement(reread, 0, 'Pset_DoorCommon', 'FireRating')).toBe(true);
    expect(hasPropertyRequirement(doc, 0, 'Pset_DoorCommon', 'FireRating')).toBe(false);
    expect(reread.specifications[0]?.requirements[0]).toMatchObject({
      type: 'property',
      dataType,
      cardinality: 'required',
      instructions: 'Found on 92.0% of elements',
    });
  });
});

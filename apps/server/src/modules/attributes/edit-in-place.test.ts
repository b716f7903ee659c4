import { type IdsDocument, type PropertyFacet, parseIds } from '@plumbline/ids';
import { describe, expect, it } from 'vitest';
import { editInPlace } from './edit-in-place';

const xml = (encoding: string) => `<?xml version="1.0" encoding="${encoding}"?>
<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <!-- kept -->
  <info><title>Doors</title></info>
  <specifications>
    <specification name="Doors" ifcVersion="IFC4">
      <applicability><entity><name><simpleValue>IFCDOOR</simpleValue></name></entity></applicability>
    </specification>
  </specifications>
</ids>
`;

const facet: PropertyFacet = {
  type: 'property',
  location: { line: 0, column: 0 },
  cardinality: 'required',
  instructions: null,
  propertySet: { kind: 'simple', value: 'Pset_DoorCommon' },
  baseName: { kind: 'simple', value: 'FireRating' },
  value: null,
  dataType: 'IFCLABEL',
  uri: null,
};

/** The document with the facet appended, built here rather than by the code under test. */
function withFacet(doc: IdsDocument, f: PropertyFacet): IdsDocument {
  const [spec] = doc.specifications;
  if (!spec) throw new Error('no specification');
  return { ...doc, specifications: [{ ...spec, requirements: [...spec.requirements, f] }] };
}

describe('editInPlace', () => {
  it('answers the spliced text, comment kept, when it reads back as the intended document', async () => {
    const bytes = Buffer.from(xml('UTF-8'));
    const edit = await editInPlace(bytes, 0, facet, withFacet(parseIds(bytes), facet));
    expect(edit.ok).toBe(true);
    if (edit.ok) expect(edit.xml).toContain('<!-- kept -->');
  });

  it('answers a warning code, not text, for a file in another encoding', async () => {
    const bytes = Buffer.from(xml('ISO-8859-1'), 'latin1');
    expect(await editInPlace(bytes, 0, facet, withFacet(parseIds(bytes), facet))).toEqual({
      ok: false,
      warning: { code: 'encoding_not_utf8', declared_encoding: 'ISO-8859-1' },
    });
  });

  it('refuses a spliced text that does not read back as the intended document', async () => {
    const bytes = Buffer.from(xml('UTF-8'));
    const other = { ...facet, baseName: { kind: 'simple' as const, value: 'SomethingElse' } };
    expect(await editInPlace(bytes, 0, facet, withFacet(parseIds(bytes), other))).toEqual({
      ok: false,
      warning: { code: 'edit_not_verified', declared_encoding: null },
    });
  });

  it('blames the requirement when the rewritten file would be invalid too', async () => {
    const bytes = Buffer.from(xml('UTF-8'));
    const bad = { ...facet, dataType: 'NOT AN IFC TYPE' };
    await expect(editInPlace(bytes, 0, bad, withFacet(parseIds(bytes), bad))).rejects.toMatchObject({
      code: 'invalid_requirement',
    });
  });
});

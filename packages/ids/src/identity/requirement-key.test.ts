import { describe, expect, it } from 'vitest';
import { parseIds } from '../parse-ids';
import { documentKeys, ownRequirementKey, specificationKeysOf } from './requirement-key';

const property = (name: string, value = '', instructions = '') => `
        <property dataType="IFCLABEL" cardinality="required"${instructions ? ` instructions="${instructions}"` : ''}>
          <propertySet><simpleValue>Pset_WallCommon</simpleValue></propertySet>
          <baseName><simpleValue>${name}</simpleValue></baseName>${value}
        </property>`;

function ids(specs: { name: string; identifier?: string; requirements: string[] }[]) {
  return parseIds(`<?xml version="1.0" encoding="UTF-8"?>
<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <info><title>Keys</title></info>
  <specifications>${specs
    .map(
      (s) => `
    <specification name="${s.name}" ifcVersion="IFC4"${s.identifier ? ` identifier="${s.identifier}"` : ''}>
      <applicability minOccurs="0" maxOccurs="unbounded"><entity><name><simpleValue>IFCWALL</simpleValue></name></entity></applicability>
      <requirements>${s.requirements.join('')}</requirements>
    </specification>`,
    )
    .join('')}
  </specifications>
</ids>`);
}

const choices = (...values: string[]) =>
  `<value><xs:restriction base="xs:string">${values.map((v) => `<xs:enumeration value="${v}"/>`).join('')}</xs:restriction></value>`;

describe('requirement keys', () => {
  it('survive reordering of specifications and requirements, and a re-upload', () => {
    const a = documentKeys(
      'lineage-1',
      ids([
        { name: 'Fire', identifier: 'F', requirements: [property('FireRating'), property('Status')] },
        { name: 'Reference', requirements: [property('Reference')] },
      ]),
    );
    const b = documentKeys(
      'lineage-1',
      ids([
        { name: 'Reference', requirements: [property('Reference')] },
        { name: 'Fire', identifier: 'F', requirements: [property('Status'), property('FireRating')] },
      ]),
    );
    expect(b[1]?.key).toBe(a[0]?.key);
    expect([...(b[1]?.requirementKeys ?? [])].reverse()).toEqual(a[0]?.requirementKeys);
    expect(b[0]).toEqual(a[1]);
  });

  it('follow the identifier when there is one, else the name', () => {
    const a = documentKeys(
      'l',
      ids([{ name: 'Fire', identifier: 'F', requirements: [property('FireRating')] }]),
    );
    const renamed = documentKeys(
      'l',
      ids([{ name: 'Fire ratings', identifier: 'F', requirements: [property('FireRating')] }]),
    );
    const unnamed = documentKeys('l', ids([{ name: 'Fire', requirements: [property('FireRating')] }]));
    expect(renamed[0]?.key).toBe(a[0]?.key);
    expect(unnamed[0]?.key).not.toBe(a[0]?.key);
  });

  it('change with the facet’s content, not with its instructions or the order of its choices', () => {
    const key = (requirement: string) =>
      documentKeys('l', ids([{ name: 'S', requirements: [requirement] }]))[0]?.requirementKeys[0];
    const base = key(property('Status', choices('NEW', 'EXISTING')));
    expect(key(property('Status', choices('EXISTING', 'NEW')))).toBe(base);
    expect(key(property('Status', choices('NEW', 'EXISTING'), 'Ask the architect'))).toBe(base);
    expect(key(property('Status', choices('NEW')))).not.toBe(base);
    expect(key(property('Status'))).not.toBe(base);
  });

  it('belong to the lineage: the same file in another lineage has other keys', () => {
    const doc = ids([{ name: 'S', requirements: [property('FireRating')] }]);
    expect(documentKeys('a', doc)[0]?.requirementKeys).not.toEqual(
      documentKeys('b', doc)[0]?.requirementKeys,
    );
  });

  it('tell namesake specifications and identical facets apart', () => {
    const keys = documentKeys(
      'l',
      ids([
        { name: 'S', requirements: [property('FireRating'), property('FireRating')] },
        { name: 'S', requirements: [property('FireRating')] },
      ]),
    );
    expect(keys[0]?.key).not.toBe(keys[1]?.key);
    expect(new Set(keys[0]?.requirementKeys).size).toBe(2);
  });

  it('keep every key when a requirement is appended (adding an attribute to a specification)', () => {
    const before = documentKeys('l', ids([{ name: 'S', requirements: [property('FireRating')] }]))[0];
    const edited = ids([{ name: 'S', requirements: [property('FireRating'), property('Status')] }])
      .specifications[0];
    if (!before || !edited) throw new Error('no specification');
    const after = specificationKeysOf(before.key, edited);
    expect(after.requirementKeys[0]).toBe(before.requirementKeys[0]);
    expect(after.requirementKeys).toHaveLength(2);
    expect(after.ownKey).toBe(ownRequirementKey(before.key));
  });
});

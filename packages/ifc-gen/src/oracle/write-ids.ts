/** Writes the oracle's specifications as an IDS 1.0 document for one schema. */
import type { OracleSchema } from './facts';
import type { OracleFacet, OracleRestriction, OracleSpec } from './specs';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function restriction(tag: string, r: OracleRestriction): string {
  if (r.kind === 'simple') return `<${tag}><simpleValue>${escapeXml(r.value)}</simpleValue></${tag}>`;
  const facets: string[] = [];
  let base = 'string';
  if (r.kind === 'enumeration') {
    base = r.base;
    for (const v of r.values) facets.push(`<xs:enumeration value="${escapeXml(v)}"/>`);
  } else if (r.kind === 'pattern') {
    facets.push(`<xs:pattern value="${escapeXml(r.pattern)}"/>`);
  } else if (r.kind === 'bounds') {
    base = r.base;
    for (const key of ['minInclusive', 'minExclusive', 'maxInclusive', 'maxExclusive'] as const) {
      const v = r[key];
      if (v !== undefined) facets.push(`<xs:${key} value="${v}"/>`);
    }
  } else {
    for (const key of ['length', 'minLength', 'maxLength'] as const) {
      const v = r[key];
      if (v !== undefined) facets.push(`<xs:${key} value="${v}"/>`);
    }
  }
  return `<${tag}><xs:restriction base="xs:${base}">${facets.join('')}</xs:restriction></${tag}>`;
}

const cardinality = (facet: { readonly cardinality?: string }, inRequirements: boolean) =>
  inRequirements && facet.cardinality ? ` cardinality="${facet.cardinality}"` : '';

function facetXml(f: OracleFacet, inRequirements: boolean): string {
  switch (f.kind) {
    case 'entity':
      return `<entity>${restriction('name', f.name)}${f.predefinedType ? restriction('predefinedType', f.predefinedType) : ''}</entity>`;
    case 'attribute':
      return `<attribute${cardinality(f, inRequirements)}>${restriction('name', { kind: 'simple', value: f.name })}${f.value ? restriction('value', f.value) : ''}</attribute>`;
    case 'property':
      return `<property${f.dataType ? ` dataType="${f.dataType}"` : ''}${cardinality(f, inRequirements)}>${restriction('propertySet', f.propertySet)}${restriction('baseName', { kind: 'simple', value: f.baseName })}${f.value ? restriction('value', f.value) : ''}</property>`;
    case 'classification':
      return `<classification${cardinality(f, inRequirements)}>${f.value ? restriction('value', f.value) : ''}${f.system ? restriction('system', f.system) : ''}</classification>`;
    case 'material':
      return `<material${cardinality(f, inRequirements)}>${f.value ? restriction('value', f.value) : ''}</material>`;
    case 'partOf':
      return `<partOf relation="${f.relation}"${cardinality(f, inRequirements)}><entity>${restriction('name', { kind: 'simple', value: f.entity })}</entity></partOf>`;
  }
}

const OCCURS = {
  required: 'minOccurs="1" maxOccurs="unbounded"',
  optional: 'minOccurs="0" maxOccurs="unbounded"',
  prohibited: 'minOccurs="0" maxOccurs="0"',
} as const;

export function writeOracleIds(schema: OracleSchema, specs: readonly OracleSpec[]): string {
  const body = specs
    .map(
      (s) =>
        `<specification name="${escapeXml(s.name)}" identifier="${s.id}" ifcVersion="${schema}">` +
        `<applicability ${OCCURS[s.cardinality]}>${s.applicability.map((f) => facetXml(f, false)).join('')}</applicability>` +
        (s.requirements.length > 0
          ? `<requirements>${s.requirements.map((f) => facetXml(f, true)).join('')}</requirements>`
          : '') +
        '</specification>',
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd">
<info><title>Oracle ${schema}</title></info>
<specifications>
${body}
</specifications>
</ids>
`;
}

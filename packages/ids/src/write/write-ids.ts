/**
 * writeIds: IdsDocument → IDS 1.0 XML, the inverse of parseIds. A pure function: elements in the
 * order ids.xsd requires, values written exactly as held (text is escaped, never trimmed), so that
 * parseIds(writeIds(doc)) gives back the same document apart from source locations. Used to store an
 * IDS file after the app changes it (adding a requirement to a specification).
 */
import {
  type Facet,
  type IdsDocument,
  type IdsInfo,
  type IdsValue,
  RESTRICTION_BOUNDS,
  type Specification,
} from '../document';

const IDS_NS = 'http://standards.buildingsmart.org/IDS';
const XS_NS = 'http://www.w3.org/2001/XMLSchema';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const SCHEMA_LOCATION =
  'http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd';

/** Escapes text content; a carriage return is kept as a reference (XML would turn it into \n). */
export function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/** Escapes an attribute value; tab, CR and LF as references so attribute normalisation keeps them. */
export function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}

function attrs(pairs: Array<[string, string | null | undefined]>): string {
  return pairs
    .filter((pair): pair is [string, string] => pair[1] !== null && pair[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
}

/** One value element (`<name>`, `<value>` …) with its simpleValue or xs:restriction, ending in \n. */
export function writeValue(tag: string, v: IdsValue | null, indent: string): string {
  if (!v) return '';
  if (v.kind === 'simple') {
    return `${indent}<${tag}><simpleValue>${escapeText(v.value)}</simpleValue></${tag}>\n`;
  }
  const inner = `${indent}    `;
  const parts: string[] = [];
  for (const e of v.enumeration) parts.push(`${inner}<xs:enumeration value="${escapeAttribute(e)}"/>`);
  for (const p of v.patterns) parts.push(`${inner}<xs:pattern value="${escapeAttribute(p)}"/>`);
  for (const name of RESTRICTION_BOUNDS) {
    const bound = v[name];
    if (bound !== undefined) parts.push(`${inner}<xs:${name} value="${escapeAttribute(bound)}"/>`);
  }
  const open = `${indent}  <xs:restriction base="xs:${escapeAttribute(v.base)}"`;
  const body =
    parts.length === 0 ? `${open}/>\n` : `${open}>\n${parts.join('\n')}\n${indent}  </xs:restriction>\n`;
  return `${indent}<${tag}>\n${body}${indent}</${tag}>\n`;
}

/** The attributes a facet carries in <requirements> (none in <applicability>). */
function requirementAttrs(facet: Facet, inRequirements: boolean): Array<[string, string | null]> {
  if (!inRequirements) return [];
  const cardinality = facet.type === 'entity' ? null : facet.cardinality;
  return [
    ['cardinality', cardinality],
    ['instructions', facet.instructions],
  ];
}

/** One facet's XML, each line starting with `indent` and nested two spaces a level, ending in \n. */
export function writeFacet(f: Facet, inRequirements: boolean, indent: string): string {
  const inner = `${indent}  `;
  const extra = requirementAttrs(f, inRequirements);
  const uri = (u: string | null): Array<[string, string | null]> => (inRequirements ? [['uri', u]] : []);
  switch (f.type) {
    case 'entity':
      return `${indent}<entity${attrs(extra)}>\n${writeValue('name', f.name, inner)}${writeValue('predefinedType', f.predefinedType, inner)}${indent}</entity>\n`;
    case 'attribute':
      return `${indent}<attribute${attrs(extra)}>\n${writeValue('name', f.name, inner)}${writeValue('value', f.value, inner)}${indent}</attribute>\n`;
    case 'property':
      return `${indent}<property${attrs([['dataType', f.dataType], ...uri(f.uri), ...extra])}>\n${writeValue('propertySet', f.propertySet, inner)}${writeValue('baseName', f.baseName, inner)}${writeValue('value', f.value, inner)}${indent}</property>\n`;
    case 'classification':
      return `${indent}<classification${attrs([...uri(f.uri), ...extra])}>\n${writeValue('value', f.value, inner)}${writeValue('system', f.system, inner)}${indent}</classification>\n`;
    case 'material':
      return `${indent}<material${attrs([...uri(f.uri), ...extra])}>\n${writeValue('value', f.value, inner)}${indent}</material>\n`;
    case 'partOf':
      return `${indent}<partOf${attrs([['relation', f.relation], ...extra])}>\n${inner}<entity>\n${writeValue('name', f.entity.name, `${inner}  `)}${writeValue('predefinedType', f.entity.predefinedType, `${inner}  `)}${inner}</entity>\n${indent}</partOf>\n`;
  }
}

/** One specification's XML, each line starting with `indent` and nested two spaces a level. */
export function writeSpecification(spec: Specification, indent = '    '): string {
  const i1 = `${indent}  `;
  const i2 = `${indent}    `;
  const head = attrs([
    ['name', spec.name],
    ['ifcVersion', spec.ifcVersions.join(' ')],
    ['identifier', spec.identifier],
    ['description', spec.description],
    ['instructions', spec.instructions],
  ]);
  const occurs = attrs([
    ['minOccurs', String(spec.minOccurs)],
    ['maxOccurs', spec.maxOccurs === null ? 'unbounded' : String(spec.maxOccurs)],
  ]);
  const applicability = spec.applicability.map((f) => writeFacet(f, false, i2)).join('');
  const requirements =
    spec.requirements.length === 0
      ? ''
      : `${i1}<requirements>\n${spec.requirements.map((f) => writeFacet(f, true, i2)).join('')}${i1}</requirements>\n`;
  return `${indent}<specification${head}>\n${i1}<applicability${occurs}>\n${applicability}${i1}</applicability>\n${requirements}${indent}</specification>\n`;
}

/** The info block's elements in the order ids.xsd requires. */
export const INFO_FIELDS: ReadonlyArray<keyof IdsInfo> = [
  'title',
  'copyright',
  'version',
  'description',
  'author',
  'date',
  'purpose',
  'milestone',
];

function info(i: IdsInfo): string {
  const lines = INFO_FIELDS.map((name) => {
    const text = name === 'title' ? (i.title ?? '') : i[name];
    return text === null ? '' : `    <${name}>${escapeText(text)}</${name}>\n`;
  });
  return `  <info>\n${lines.join('')}  </info>\n`;
}

export function writeIds(doc: IdsDocument): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ids xmlns="${IDS_NS}" xmlns:xs="${XS_NS}" xmlns:xsi="${XSI_NS}" xsi:schemaLocation="${SCHEMA_LOCATION}">
${info(doc.info)}  <specifications>
${doc.specifications.map((spec) => writeSpecification(spec)).join('')}  </specifications>
</ids>
`;
}

/**
 * A facet's canonical key (issue 36): two facets with the same key are compiled to facets that give
 * the same evaluation of every element and the same description, so a check evaluates each distinct
 * facet once per element however many specifications hold it (check/facet-table.ts).
 *
 * The key holds everything a compiled facet reads from the document (facets/*.ts constructors):
 * its kind, names, value constraints, data type and relation, each written length-prefixed so no
 * two different facets spell the same key. It leaves out what evaluation does not read: the
 * cardinality (applied by the checker to the shared evaluation), the source location, the
 * instructions and the URI. A code list kept as text (restriction/code-list.ts) is named by its
 * identity: identical lists of one document are one object, so they share a key without their
 * values being made into strings.
 */
import type { Facet, IdsValue, RestrictionValue } from '../document';
import { codeListOf } from '../restriction/code-list';
import type { CodeListText } from '../xml/code-list-text';

/** Per thread, a number for each code list text a key has named. */
const codeListNumbers = new WeakMap<CodeListText, number>();
let nextCodeList = 0;

function text(s: string | null | undefined): string {
  return s === undefined || s === null ? '-' : `${s.length}:${s}`;
}

function enumerationKey(r: RestrictionValue): string {
  const list = codeListOf(r);
  if (list !== null) {
    let n = codeListNumbers.get(list);
    if (n === undefined) {
      n = nextCodeList++;
      codeListNumbers.set(list, n);
    }
    return `L${n}`;
  }
  return `${r.enumeration.length}[${r.enumeration.map(text).join('')}]`;
}

/** The key of an IDS value (simpleValue or restriction); '~' for none. */
export function valueKey(value: IdsValue | null): string {
  if (value === null) return '~';
  if (value.kind === 'simple') return `s${text(value.value)}`;
  return [
    'r',
    text(value.base),
    enumerationKey(value),
    `${value.patterns.length}[${value.patterns.map(text).join('')}]`,
    text(value.minInclusive),
    text(value.maxInclusive),
    text(value.minExclusive),
    text(value.maxExclusive),
    text(value.length),
    text(value.minLength),
    text(value.maxLength),
  ].join('');
}

/** The canonical key of a facet's evaluation (cardinality left out: see the module comment). */
export function facetKey(facet: Facet): string {
  switch (facet.type) {
    case 'entity':
      return `E${valueKey(facet.name)}${valueKey(facet.predefinedType)}`;
    case 'attribute':
      return `A${valueKey(facet.name)}${valueKey(facet.value)}`;
    case 'property':
      return `P${valueKey(facet.propertySet)}${valueKey(facet.baseName)}${valueKey(facet.value)}${text(facet.dataType?.toUpperCase())}`;
    case 'classification':
      return `C${valueKey(facet.system)}${valueKey(facet.value)}`;
    case 'material':
      return `M${valueKey(facet.value)}`;
    case 'partOf':
      return `O${text(facet.relation)}${valueKey(facet.entity.name)}${valueKey(facet.entity.predefinedType)}`;
  }
}

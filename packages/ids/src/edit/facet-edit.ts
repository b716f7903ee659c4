/**
 * Changing a facet in place: only what differs between the facet as read and as edited is spliced.
 * A changed attribute (dataType, cardinality …) changes that attribute's value in the start tag; a
 * changed part (name, propertySet, value …) replaces that child element; a part added or removed
 * is inserted where ids.xsd puts it or removed. A facet of another kind replaces the element. So a
 * comment inside a facet survives an edit of another part of it.
 */
import type { Facet, IdsValue } from '../document';
import { writeFacet, writeValue } from '../write/write-ids';
import { childNamed, IDS_NAMESPACE } from '../xml/read-xml-text';
import type { XmlElement } from '../xml/xml-element';
import { markupIn } from './markup';
import { appendChild, insertAfter, insertBefore, removeElement, replaceElement, type Splice } from './splice';
import { setAttributeSplice } from './start-tag';

/** Equal as the writer would write them (source positions aside). */
export function sameContent(a: unknown, b: unknown): boolean {
  const plain = (v: unknown) => JSON.stringify(v, (key, value) => (key === 'location' ? undefined : value));
  return plain(a) === plain(b);
}

type Slot = readonly [tag: string, value: unknown, write: (indent: string) => string];

function valueSlot(tag: string, v: IdsValue | null): Slot {
  return [tag, v, (indent) => writeValue(tag, v, indent)];
}

/** A facet's child elements in the order ids.xsd lists them, with how each is written. */
function slots(f: Facet): Slot[] {
  switch (f.type) {
    case 'entity':
      return [valueSlot('name', f.name), valueSlot('predefinedType', f.predefinedType)];
    case 'attribute':
      return [valueSlot('name', f.name), valueSlot('value', f.value)];
    case 'property':
      return [
        valueSlot('propertySet', f.propertySet),
        valueSlot('baseName', f.baseName),
        valueSlot('value', f.value),
      ];
    case 'classification':
      return [valueSlot('value', f.value), valueSlot('system', f.system)];
    case 'material':
      return [valueSlot('value', f.value)];
    case 'partOf':
      return [
        [
          'entity',
          f.entity,
          (indent) =>
            `${indent}<entity>\n${writeValue('name', f.entity.name, `${indent}  `)}${writeValue('predefinedType', f.entity.predefinedType, `${indent}  `)}${indent}</entity>\n`,
        ],
      ];
  }
}

/** The attributes the writer gives a facet, by name (null: not written). */
function attributes(f: Facet, inRequirements: boolean): Map<string, string | null> {
  const out = new Map<string, string | null>();
  if (f.type === 'property') out.set('dataType', f.dataType);
  if (f.type === 'partOf') out.set('relation', f.relation);
  if (inRequirements) {
    if (f.type === 'property' || f.type === 'classification' || f.type === 'material') out.set('uri', f.uri);
    if (f.type !== 'entity') out.set('cardinality', f.cardinality);
    out.set('instructions', f.instructions);
  }
  return out;
}

/** The facet element's IDS children by local name (the first of each). */
function partElement(el: XmlElement, tag: string): XmlElement | undefined {
  const child = childNamed(el, tag);
  return child?.namespace === IDS_NAMESPACE ? child : undefined;
}

/**
 * The splices that turn facet element `el` (read as `before`) into `after`. `path` runs from the
 * root to the facet's parent (applicability or requirements).
 */
export function facetSplices(
  text: string,
  path: readonly XmlElement[],
  el: XmlElement,
  before: Facet,
  after: Facet,
  inRequirements: boolean,
  newline: string,
): Splice[] {
  const parent = path[path.length - 1] as XmlElement;
  const whole = () => [
    replaceElement(text, parent, el, markupIn(path, writeFacet(after, inRequirements, '')), newline),
  ];
  if (before.type !== after.type) return whole();
  const splices: Splice[] = [];
  const oldAttributes = attributes(before, inRequirements);
  for (const [name, value] of attributes(after, inRequirements)) {
    if (oldAttributes.get(name) === value) continue;
    const splice = setAttributeSplice(text, el, name, value);
    if (splice) splices.push(splice);
  }
  const oldSlots = slots(before);
  const newSlots = slots(after);
  const inner = [...path, el];
  const elements = newSlots.map(([tag]) => partElement(el, tag));
  // Parts missing from the element as read but wanted now: more than one in a row is rewritten whole.
  const added = newSlots.filter(([, v], i) => v !== null && elements[i] === undefined);
  if (added.length > 1) return whole();
  for (const [i, [, value, write]] of newSlots.entries()) {
    const current = elements[i];
    if (sameContent(oldSlots[i]?.[1], value) && (current !== undefined || value === null)) continue;
    if (value === null) {
      if (current) splices.push(removeElement(text, current));
      continue;
    }
    const xml = markupIn(inner, write(''));
    if (current) {
      splices.push(replaceElement(text, el, current, xml, newline));
      continue;
    }
    const previous = elements.slice(0, i).findLast((e) => e !== undefined);
    const next = elements.slice(i + 1).find((e) => e !== undefined);
    if (previous) splices.push(insertAfter(text, el, previous, xml, newline));
    else if (next) splices.push(insertBefore(text, el, next, xml, newline));
    else splices.push(appendChild(text, parent, el, xml, newline));
  }
  return splices;
}

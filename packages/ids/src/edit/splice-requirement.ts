/**
 * spliceRequirement: adds one requirement facet to a specification by inserting its XML into the
 * original text, so that every comment, annotation, description and byte of layout the edit does
 * not touch stays as it was (decision 0162). The element offsets come from the same bounded reader
 * as parseIds (xml/xml-tree.ts: size, depth and element count limits, linear work).
 */
import type { Facet } from '../document';
import { writeFacet } from '../write/write-ids';
import {
  childNamed,
  childrenNamed,
  IDS_NAMESPACE,
  readXml,
  type XmlElement,
  XS_NAMESPACE,
} from '../xml/xml-tree';
import { indentStep, lineBreak, lineIndent, relayout } from './layout';
import { type IdsEditRefusal, utf8Source } from './utf8-source';

/** One change to the text: `removed` characters at `at` replaced by `inserted`. */
export interface TextEdit {
  readonly at: number;
  readonly removed: number;
  readonly inserted: string;
}

export type RequirementSplice =
  /** `xml` is the whole new text (a byte-order mark kept); `edit` is where it differs, in `xml`. */
  | { readonly ok: true; readonly xml: string; readonly edit: TextEdit }
  | { readonly ok: false; readonly reason: IdsEditRefusal; readonly declaredEncoding: string | null };

export interface SpliceOptions {
  /** Largest accepted file in bytes (the reader's default when absent). */
  readonly maxBytes?: number;
}

/** The namespace bindings in scope inside `path`'s last element (prefix, '' for the default). */
function bindingsAt(path: readonly XmlElement[]): Map<string, string> {
  const scope = new Map<string, string>();
  for (const el of path) for (const [prefix, ns] of el.namespaceDeclarations ?? []) scope.set(prefix, ns);
  return scope;
}

/** Whether the facet's XML has an xs:restriction (the only use of the xs prefix). */
const usesXs = (facet: Facet) => JSON.stringify(facet).includes('"kind":"restriction"');

/**
 * How inserted IDS elements are named where they go: with the prefix the file binds to the IDS
 * namespace (none when it is the default), and with declarations only where the file has no binding.
 */
function markupAt(path: readonly XmlElement[], facet: Facet): { prefix: string; declarations: string } {
  const scope = bindingsAt(path);
  let prefix = '';
  let declarations = '';
  if (scope.get('') !== IDS_NAMESPACE) {
    const bound = [...scope].find(([p, ns]) => p !== '' && p !== 'xs' && ns === IDS_NAMESPACE)?.[0];
    if (bound === undefined) declarations += ` xmlns="${IDS_NAMESPACE}"`;
    else prefix = `${bound}:`;
  }
  if (usesXs(facet) && scope.get('xs') !== XS_NAMESPACE) declarations += ` xmlns:xs="${XS_NAMESPACE}"`;
  return { prefix, declarations };
}

/** The writer's unprefixed IDS tags with `prefix` (text and attribute values hold no raw '<'). */
function prefixed(xml: string, prefix: string): string {
  return prefix === '' ? xml : xml.replace(/<(\/?)(?!xs:)([A-Za-z]+)/g, `<$1${prefix}$2`);
}

/** Puts the declarations on the first start tag of `xml`. */
function declare(xml: string, declarations: string): string {
  return declarations === '' ? xml : xml.replace(/^(\s*<[A-Za-z:]+)/, `$1${declarations}`);
}

/** The facet's XML as it is written inside <requirements> at `path`. */
function facetMarkup(path: readonly XmlElement[], facet: Facet, declarationsHere: boolean): string {
  const { prefix, declarations } = markupAt(path, facet);
  return declare(prefixed(writeFacet(facet, true, ''), prefix), declarationsHere ? declarations : '');
}

export function spliceRequirement(
  input: string | Uint8Array,
  specificationIndex: number,
  facet: Facet,
  options: SpliceOptions = {},
): RequirementSplice {
  const source = utf8Source(input);
  if (!source.ok) return source;
  const { text } = source;
  const root = readXml(text, options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes });
  const specifications = childNamed(root, 'specifications');
  const specification = specifications
    ? childrenNamed(specifications, 'specification')[specificationIndex]
    : undefined;
  const applicability = specification ? childNamed(specification, 'applicability') : undefined;
  if (!specifications || !specification || !applicability)
    return { ok: false, reason: 'structure_not_found', declaredEncoding: null };
  const requirements = childNamed(specification, 'requirements');
  const newline = lineBreak(text);
  const edit = requirements
    ? intoRequirements(text, [root, specifications, specification, requirements], facet, newline)
    : newRequirements(text, [root, specifications, specification], applicability, facet, newline);
  const bom = source.bom ? '\uFEFF' : '';
  const xml = bom + text.slice(0, edit.at) + edit.inserted + text.slice(edit.at + edit.removed);
  return { ok: true, xml, edit: { ...edit, at: edit.at + bom.length } };
}

/** Appends the facet after the last child of an existing <requirements>. */
function intoRequirements(
  text: string,
  path: readonly XmlElement[],
  facet: Facet,
  newline: string,
): TextEdit {
  const requirements = path[path.length - 1] as XmlElement;
  const span = requirements.span;
  const ownIndent = lineIndent(text, span.start);
  if (span.contentStart === span.end) {
    // <requirements/>: its '/>' becomes '>', the facet and an end tag of the same (prefixed) name.
    const name = /^<([^\s/>]+)/.exec(text.slice(span.start, span.start + 300))?.[1] ?? 'requirements';
    const inline = ownIndent === null;
    const step = indentStep(lineIndent(text, path[path.length - 2]?.span.start ?? 0), ownIndent);
    const body = relayout(
      facetMarkup(path, facet, true),
      inline ? '' : ownIndent + step,
      step,
      inline ? '' : newline,
    );
    return {
      at: span.end - 2,
      removed: 2,
      inserted: `>${inline ? '' : newline}${body}${ownIndent ?? ''}</${name}>`,
    };
  }
  const closeIndent = lineIndent(text, span.contentEnd);
  const last = requirements.children[requirements.children.length - 1];
  const childIndent = last ? lineIndent(text, last.span.start) : null;
  const step = indentStep(closeIndent ?? ownIndent, childIndent);
  const facetXml = facetMarkup(path, facet, true);
  if (closeIndent === null) {
    // The end tag shares its line with other markup: the facet goes in on that line too.
    return { at: span.contentEnd, removed: 0, inserted: relayout(facetXml, '', '', '') };
  }
  // The end tag starts its line: the facet's lines go in just before that line.
  const indent = childIndent ?? closeIndent + step;
  return {
    at: span.contentEnd - closeIndent.length,
    removed: 0,
    inserted: relayout(facetXml, indent, step, newline),
  };
}

/** Adds <requirements> with the facet right after <applicability>, where ids.xsd puts it. */
function newRequirements(
  text: string,
  path: readonly XmlElement[],
  applicability: XmlElement,
  facet: Facet,
  newline: string,
): TextEdit {
  const specification = path[path.length - 1] as XmlElement;
  const indent = lineIndent(text, applicability.span.start);
  const step = indentStep(lineIndent(text, specification.span.start), indent);
  const { prefix, declarations } = markupAt(path, facet);
  const open = `<${prefix}requirements${declarations}>`;
  const close = `</${prefix}requirements>`;
  const facetXml = facetMarkup(path, facet, false);
  if (indent === null) {
    return {
      at: applicability.span.end,
      removed: 0,
      inserted: `${open}${relayout(facetXml, '', '', '')}${close}`,
    };
  }
  const body = relayout(facetXml, indent + step, step, newline);
  return {
    at: applicability.span.end,
    removed: 0,
    inserted: `${newline}${indent}${open}${newline}${body}${indent}${close}`,
  };
}

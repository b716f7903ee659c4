/**
 * How the writer's XML (unprefixed IDS tags, `xs:` restrictions, two spaces a level) is named where
 * an edit puts it into a file: with the prefix the file binds to the IDS namespace, and namespace
 * declarations only where the file has no binding in scope.
 */
import { IDS_NAMESPACE, XS_NAMESPACE } from '../xml/read-xml-text';
import type { XmlElement } from '../xml/xml-element';

/** The namespace bindings in scope inside `path`'s last element (prefix, '' for the default). */
function bindingsAt(path: readonly XmlElement[]): Map<string, string> {
  const scope = new Map<string, string>();
  for (const el of path) for (const [prefix, ns] of el.namespaceDeclarations ?? []) scope.set(prefix, ns);
  return scope;
}

/** Whether the writer's XML uses the xs prefix (only xs:restriction and its facets do). */
export const usesXs = (xml: string) => xml.includes('<xs:');

/** The prefix (with colon, or '') and declarations IDS markup written into `path` needs. */
export function markupAt(path: readonly XmlElement[], xml: string): { prefix: string; declarations: string } {
  const scope = bindingsAt(path);
  let prefix = '';
  let declarations = '';
  if (scope.get('') !== IDS_NAMESPACE) {
    const bound = [...scope].find(([p, ns]) => p !== '' && p !== 'xs' && ns === IDS_NAMESPACE)?.[0];
    if (bound === undefined) declarations += ` xmlns="${IDS_NAMESPACE}"`;
    else prefix = `${bound}:`;
  }
  if (usesXs(xml) && scope.get('xs') !== XS_NAMESPACE) declarations += ` xmlns:xs="${XS_NAMESPACE}"`;
  return { prefix, declarations };
}

/** The writer's unprefixed IDS tags with `prefix` (text and attribute values hold no raw '<'). */
export function prefixed(xml: string, prefix: string): string {
  return prefix === '' ? xml : xml.replace(/<(\/?)(?!xs:)([A-Za-z]+)/g, `<$1${prefix}$2`);
}

/** Puts the declarations on the first start tag of `xml`. */
export function declare(xml: string, declarations: string): string {
  return declarations === '' ? xml : xml.replace(/^(\s*<[A-Za-z:]+)/, `$1${declarations}`);
}

/** The writer's XML as it is written inside `path`'s last element: prefixed and declared. */
export function markupIn(path: readonly XmlElement[], xml: string): string {
  const { prefix, declarations } = markupAt(path, xml);
  return declare(prefixed(xml, prefix), declarations);
}

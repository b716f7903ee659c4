/**
 * The fast path of the XML reader (issue 22): a single forward scan over the plain XML that IDS
 * files are written in — ASCII names, the five predefined entities and character references,
 * comments, CDATA, an XML declaration, namespaces — building the same element tree as the saxes
 * reader. A national pack of 1,500-value code lists is 30+ MB of `<xs:enumeration value="…"/>`;
 * saxes reads it at about 4 MB/s, this scan many times faster.
 *
 * It decides that a document is wrong only at a limit (element count, depth), which it refuses as it
 * reaches it, with saxes's message and position: reading on to hand it to saxes would cost what the
 * file holds, not what the limit allows (issue 37). Anything outside that subset and anything
 * ill-formed returns null, and the caller reads the document with saxes, which accepts what XML
 * accepts and gives the error and its position. So the subset can only be too small, never too
 * lenient; `plain-xml.test.ts` compares both readers' trees on the conformance files and more.
 */
import { type CodeListText, codeListValues } from './code-list-text';
import {
  decode,
  LeaveToSaxes,
  LineCounter,
  leave,
  normaliseAttribute,
  normaliseLineEnds,
} from './plain-xml-text';
import type { XmlElement } from './xml-element';
import { LIMIT_MESSAGES, XmlReadError } from './xml-read-error';

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const XS_NAMESPACE = 'http://www.w3.org/2001/XMLSchema';
/** Characters the fast path leaves to saxes: controls XML forbids, surrogates, U+E000 and above. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the control characters XML forbids is the point.
const OUTSIDE_SUBSET = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uFFFF]/;
const NAME = /[A-Za-z_][A-Za-z0-9._-]*(?::[A-Za-z_][A-Za-z0-9._-]*)?/y;
const SPACES = /[ \t\r\n]*/y;
const XML_DECLARATION =
  /<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.[0-9]+\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\3)?[ \t\r\n]*\?>/y;
/**
 * A code list's value, the whole element after its `<`: `xs:enumeration value="…"/>` with that one
 * attribute (any prefix, or none). Anything else about an enumeration takes the general path.
 */
const ENUMERATION =
  /(?:([A-Za-z_][A-Za-z0-9._-]*):)?enumeration[ \t\r\n]+value[ \t\r\n]*=[ \t\r\n]*(?:"([^"<]*)"|'([^'<]*)')[ \t\r\n]*\/>/y;
const BLANK = /[ \t\r\n]*/y;

/** The children of every self-closing element: none, shared (an IDS pack has hundreds of thousands). */
const NO_CHILDREN: XmlElement[] = Object.freeze([]) as unknown as XmlElement[];
/** The attributes of every element without any: none, shared (the tree's maps are read-only). */
const NO_ATTRIBUTES = new Map<string, string>();
const NO_RAW: Array<[string, string]> = [];

/**
 * One string per distinct name (element local names, attribute names): the tree keeps a name per
 * element, and a pack's 600,000 `enumeration`s and `value`s need not be 600,000 strings each.
 */
class Names {
  private readonly seen = new Map<string, string>();
  of(name: string): string {
    const known = this.seen.get(name);
    if (known !== undefined) return known;
    if (this.seen.size < 10_000) this.seen.set(name, name);
    return name;
  }
}

export interface PlainXmlLimits {
  readonly maxDepth: number;
  readonly maxElements: number;
  /**
   * Keep the values of an xs:restriction's `<xs:enumeration value="…"/>` children in its
   * `enumerationValues` instead of an element each (parseIds reads nothing else of them). Any other
   * enumeration in a restriction (more attributes, children, no value) makes the reader step aside,
   * so the values' order is never in doubt.
   */
  readonly enumerationValues?: boolean;
  /**
   * Where each code list kept as text lies, three numbers a run: its start, the end of its first
   * enumeration, its end (so XSD validation can leave out the repeats: xsd/code-list-runs.ts).
   */
  readonly codeListRuns?: number[];
}

/** The element tree of `text` (byte-order mark already removed), or null: read it with saxes. */
export function readPlainXml(text: string, limits: PlainXmlLimits): XmlElement | null {
  if (OUTSIDE_SUBSET.test(text)) return null;
  try {
    return scan(text, limits);
  } catch (error) {
    if (error instanceof LeaveToSaxes) return null;
    throw error;
  }
}

/**
 * The namespaces in scope: an element's own declarations over its parent's, looked up through at
 * most maxDepth levels (copying the inherited map at each declaring element could cost
 * declarations × elements on a crafted file).
 */
interface Scope {
  readonly declared: ReadonlyMap<string, string>;
  readonly parent: Scope | null;
}

function lookup(scope: Scope | null, prefix: string): string | undefined {
  for (let s = scope; s !== null; s = s.parent) {
    const uri = s.declared.get(prefix);
    if (uri !== undefined) return uri;
  }
  return undefined;
}

interface Open {
  element: XmlElement;
  qname: string;
  pieces: string[];
  /** The namespaces in scope for this element's children. */
  scope: Scope;
  /** Set on an xs:restriction when enumerations are kept as values (the limits' enumerationValues). */
  values: string[] | null;
  /**
   * The run of plain enumerations this restriction's values start with (code-list-text.ts), kept as
   * text; values read one at a time (enumerationValue) only follow it.
   */
  codeList: { start: number; end: number; count: number } | null;
  /** The last prefix found to name the XML Schema namespace here (names repeat in a code list). */
  schemaPrefix: string | null;
}

function scan(text: string, limits: PlainXmlLimits): XmlElement {
  const lines = new LineCounter(text);
  const names = new Names();
  const stack: Open[] = [];
  const rootScope: Scope = {
    declared: new Map([
      ['', ''],
      ['xml', XML_NAMESPACE],
    ]),
    parent: null,
  };
  let root: XmlElement | null = null;
  let count = 0;
  let pos = 0;
  /**
   * A limit reached: refused here, with saxes's message and position (after the tag of the
   * `counted`-th element), so that reading stops at the limit instead of reading on with saxes.
   */
  const refuse = (counted: number, after: number): never => {
    const line = lines.lineAt(after);
    const message =
      counted > limits.maxElements
        ? LIMIT_MESSAGES.elements(limits.maxElements)
        : LIMIT_MESSAGES.depth(limits.maxDepth);
    throw new XmlReadError(message, line, after - lines.lineStart + 1, true);
  };
  XML_DECLARATION.lastIndex = 0;
  if (XML_DECLARATION.test(text)) pos = XML_DECLARATION.lastIndex;
  else if (text.startsWith('<?xml')) leave();

  for (;;) {
    const lt = text.indexOf('<', pos);
    const end = lt < 0 ? text.length : lt;
    const top = stack[stack.length - 1];
    if (end > pos && !(top?.values && blank(text, pos, end))) characters(text, pos, end, stack);
    if (lt < 0) break;
    const next = text.charCodeAt(lt + 1);
    if (top?.values && next !== 0x2f && next !== 0x21) {
      if (top.values.length === 0 && top.codeList === null) {
        const run = codeListRun(text, lt, top, limits.maxElements - count);
        if (run !== null) {
          // Refused where saxes would stop: at the first value nested too deep, or at the one past
          // the count (the run stops reading there).
          if (stack.length >= limits.maxDepth) refuse(count + 1, tagEnd(text, run.firstEnd));
          if (count + run.count > limits.maxElements) refuse(count + run.count, tagEnd(text, run.end));
          top.codeList = run;
          limits.codeListRuns?.push(run.start, run.firstEnd, run.end);
          count += run.count;
          pos = run.end;
          continue;
        }
      }
      const after = enumerationValue(text, lt, top);
      if (after >= 0) {
        if (++count > limits.maxElements || stack.length >= limits.maxDepth) refuse(count, after);
        pos = after;
        continue;
      }
    }
    if (next === 0x2f /* / */) {
      const open = stack.pop() ?? leave();
      NAME.lastIndex = lt + 2;
      if (!NAME.test(text) || text.slice(lt + 2, NAME.lastIndex) !== open.qname) leave();
      SPACES.lastIndex = NAME.lastIndex;
      SPACES.test(text);
      if (text.charCodeAt(SPACES.lastIndex) !== 0x3e /* > */) leave();
      pos = SPACES.lastIndex + 1;
      const { element, pieces } = open;
      if (pieces.length > 0) element.text = pieces.length === 1 ? (pieces[0] as string) : pieces.join('');
      if (open.codeList !== null) {
        const { start, end, count: n } = open.codeList;
        const list: CodeListText = { text: text.slice(start, end), count: n };
        if (open.values?.length) {
          // Values read one at a time after the run: all of them as strings, in document order.
          (element as { enumerationValues?: string[] }).enumerationValues = [
            ...codeListValues(list),
            ...open.values,
          ];
        } else (element as { codeList?: CodeListText }).codeList = list;
      } else if (open.values && open.values.length > 0)
        (element as { enumerationValues?: string[] }).enumerationValues = open.values;
      element.span.contentEnd = lt;
      element.span.end = pos;
    } else if (next === 0x21 /* ! */) {
      if (text.startsWith('<!--', lt)) {
        const close = text.indexOf('--', lt + 4);
        if (close < 0 || text.charCodeAt(close + 2) !== 0x3e) leave();
        pos = close + 3;
      } else if (text.startsWith('<![CDATA[', lt)) {
        const close = text.indexOf(']]>', lt + 9);
        const open = stack[stack.length - 1];
        if (close < 0 || !open) return leave();
        if (close > lt + 9) open.pieces.push(normaliseLineEnds(text.slice(lt + 9, close)));
        pos = close + 3;
      } else leave();
    } else {
      // A start tag. Processing instructions and anything else go to saxes.
      if (root !== null && stack.length === 0) leave();
      const depth = stack.length;
      pos = startTag(
        text,
        lt,
        stack,
        rootScope,
        lines,
        names,
        limits.enumerationValues === true,
        (element) => {
          root = element;
        },
      );
      // Checked once the tag is read, as saxes does (its position is after the tag).
      if (++count > limits.maxElements || depth >= limits.maxDepth) refuse(count, pos);
    }
  }
  if (stack.length > 0 || root === null) leave();
  return root as unknown as XmlElement;
}

/** Whether text[from, to) is only white space. */
function blank(text: string, from: number, to: number): boolean {
  BLANK.lastIndex = from;
  BLANK.test(text);
  return BLANK.lastIndex >= to;
}

/**
 * At `lt` inside an xs:restriction whose enumerations are kept as values: if an
 * `<xs:enumeration value="…"/>` of the XML Schema namespace starts here, appends its value and
 * returns the position after it; otherwise -1 (the general path reads the tag).
 */
function enumerationValue(text: string, lt: number, open: Open): number {
  ENUMERATION.lastIndex = lt + 1;
  const match = ENUMERATION.exec(text);
  if (match === null) return -1;
  const prefix = match[1] ?? '';
  if (prefix !== open.schemaPrefix) {
    if (lookup(open.scope, prefix) !== XS_NAMESPACE) return -1;
    open.schemaPrefix = prefix;
  }
  const raw = match[2] ?? (match[3] as string);
  (open.values as string[]).push(decode(normaliseAttribute(raw)));
  return ENUMERATION.lastIndex;
}

/**
 * At `lt`, the first enumeration of an xs:restriction whose enumerations are kept as values: the
 * longest run of enumerations from here in code-list-text.ts's plain form (the prefix of the first,
 * which must name the XML Schema namespace), or null when the first is not in that form. The run
 * ends after the last one's `/>` and the white space after it.
 */
function codeListRun(
  text: string,
  lt: number,
  open: Open,
  room: number,
): { start: number; firstEnd: number; end: number; count: number } | null {
  ENUMERATION.lastIndex = lt + 1;
  const match = ENUMERATION.exec(text);
  if (match === null) return null;
  const prefix = match[1] ?? '';
  if (prefix !== open.schemaPrefix) {
    if (lookup(open.scope, prefix) !== XS_NAMESPACE) return null;
    open.schemaPrefix = prefix;
  }
  const run = plainEnumeration(prefix);
  let count = 0;
  let end = lt;
  let firstEnd = lt;
  run.lastIndex = lt;
  while (run.test(text)) {
    count++;
    end = run.lastIndex;
    if (count === 1) firstEnd = end;
    // One past the room left under the element limit is enough to refuse the document.
    if (count > room) break;
  }
  return count === 0 ? null : { start: lt, firstEnd, end, count };
}

/** The end of the enumeration tag a code-list run position follows (after its `/>`, before white space). */
function tagEnd(text: string, after: number): number {
  return text.lastIndexOf('/>', after) + 2;
}

const plainEnumerations = new Map<string, RegExp>();

/**
 * One enumeration in code-list-text.ts's plain form with this prefix, and the white space after it:
 * a value without `<`, `&`, tab or line end is its own raw text (nothing to decode or normalise).
 */
function plainEnumeration(prefix: string): RegExp {
  let re = plainEnumerations.get(prefix);
  if (re === undefined) {
    const name = prefix === '' ? '' : `${prefix.replaceAll('.', '\\.')}:`;
    re = new RegExp(`<${name}enumeration value="[^"<&\\t\\r\\n]*"/>[ \\t\\r\\n]*`, 'y');
    // Prefixes are names from the document: keep a few.
    if (plainEnumerations.size < 16) plainEnumerations.set(prefix, re);
  }
  return re;
}

/** Character data between two tags: kept for the open element, or only white space outside the root. */
function characters(text: string, from: number, to: number, stack: Open[]): void {
  const raw = text.slice(from, to);
  if (raw.includes(']]>')) leave();
  const open = stack[stack.length - 1];
  if (!open) {
    if (!/^[ \t\r\n]*$/.test(raw)) leave();
    return;
  }
  open.pieces.push(decode(normaliseLineEnds(raw)));
}

/** Reads one start tag at `lt`; returns the position after it. */
function startTag(
  text: string,
  lt: number,
  stack: Open[],
  rootScope: Scope,
  lines: LineCounter,
  names: Names,
  enumerationValues: boolean,
  setRoot: (element: XmlElement) => void,
): number {
  NAME.lastIndex = lt + 1;
  if (!NAME.test(text)) leave();
  const qname = text.slice(lt + 1, NAME.lastIndex);
  let at = NAME.lastIndex;
  // Most elements of an IDS have no attributes: no list for them (a wide file has hundreds of thousands).
  let raw: Array<[string, string]> = NO_RAW;
  let selfClosing = false;
  for (;;) {
    SPACES.lastIndex = at;
    SPACES.test(text);
    const spaced = SPACES.lastIndex > at;
    at = SPACES.lastIndex;
    const c = text.charCodeAt(at);
    if (c === 0x3e /* > */) {
      at += 1;
      break;
    }
    if (c === 0x2f /* / */) {
      if (text.charCodeAt(at + 1) !== 0x3e) leave();
      selfClosing = true;
      at += 2;
      break;
    }
    if (!spaced) leave();
    NAME.lastIndex = at;
    if (!NAME.test(text)) leave();
    const name = names.of(text.slice(at, NAME.lastIndex));
    SPACES.lastIndex = NAME.lastIndex;
    SPACES.test(text);
    if (text.charCodeAt(SPACES.lastIndex) !== 0x3d /* = */) leave();
    SPACES.lastIndex += 1;
    SPACES.test(text);
    const quote = text.charAt(SPACES.lastIndex);
    if (quote !== '"' && quote !== "'") leave();
    const close = text.indexOf(quote, SPACES.lastIndex + 1);
    if (close < 0) leave();
    const value = text.slice(SPACES.lastIndex + 1, close);
    if (value.includes('<')) leave();
    if (raw === NO_RAW) raw = [];
    raw.push([name, decode(normaliseAttribute(value))]);
    at = close + 1;
  }

  const parent = stack[stack.length - 1];
  let scope = parent ? parent.scope : rootScope;
  let declarations: Map<string, string> | undefined;
  if (raw.length > 1 && new Set(raw.map(([name]) => name)).size < raw.length) leave();
  for (const [name, value] of raw) {
    const prefix = name === 'xmlns' ? '' : name.startsWith('xmlns:') ? name.slice(6) : null;
    if (prefix === null) continue;
    // Declaring xml or xmlns, or undeclaring a prefix, has rules saxes knows.
    if (prefix === 'xml' || prefix === 'xmlns' || (prefix !== '' && value === '')) leave();
    if (value === XML_NAMESPACE || value === 'http://www.w3.org/2000/xmlns/') leave();
    declarations ??= new Map();
    declarations.set(prefix, value);
  }
  if (declarations) scope = { declared: declarations, parent: scope };
  const attributes = raw.length === 0 ? NO_ATTRIBUTES : new Map<string, string>();
  let expanded: Set<string> | undefined;
  for (const [name, value] of raw) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const colon = name.indexOf(':');
    const local = colon < 0 ? name : names.of(name.slice(colon + 1));
    if (colon >= 0) {
      const uri = lookup(scope, name.slice(0, colon));
      if (uri === undefined) leave();
      expanded ??= new Set();
      if (expanded.has(`${uri}\u0000${local}`)) leave();
      expanded.add(`${uri}\u0000${local}`);
    }
    // Two attributes with one local name (x and p:x): saxes decides which the map keeps.
    if (attributes.has(local)) leave();
    attributes.set(local, value);
  }
  const colon = qname.indexOf(':');
  const namespace = lookup(scope, colon < 0 ? '' : qname.slice(0, colon)) ?? leave();
  const line = lines.lineAt(at);
  const element: XmlElement = {
    name: names.of(colon < 0 ? qname : qname.slice(colon + 1)),
    namespace,
    attributes,
    children: selfClosing ? NO_CHILDREN : [],
    text: '',
    line,
    column: at - lines.lineStart,
    span: { start: lt, contentStart: at, contentEnd: at, end: at },
    ...(declarations ? { namespaceDeclarations: declarations } : {}),
  };
  // Enumerations kept as values: one the fast match above did not take would break their order.
  if (parent?.values && element.name === 'enumeration' && namespace === XS_NAMESPACE) leave();
  if (parent) parent.element.children.push(element);
  else setRoot(element);
  if (!selfClosing) {
    const values =
      enumerationValues && element.name === 'restriction' && namespace === XS_NAMESPACE ? [] : null;
    stack.push({ element, qname, pieces: [], scope, values, codeList: null, schemaPrefix: null });
  }
  return at;
}

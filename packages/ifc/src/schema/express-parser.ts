/**
 * A small parser for the subset of EXPRESS (ISO 10303-11) the IFC long-form schemas use for
 * entities and types. Used by scripts/generate-schema.ts; not loaded at run time.
 */

export interface ExpressAttribute {
  readonly name: string;
  /** Declared type: `?` prefix when OPTIONAL, one `[` per aggregate level (LIST/SET/ARRAY/BAG), then the base type name. */
  readonly type: string;
}

export interface ExpressEntity {
  readonly name: string;
  readonly supertype: string | null;
  readonly abstract: boolean;
  /** Explicit attributes declared by this entity itself (redeclarations `SELF\X.a` excluded). */
  readonly attributes: readonly ExpressAttribute[];
  /** Inherited explicit attributes this entity redeclares as DERIVE (written `*` in STEP). */
  readonly derived: readonly string[];
  /** Inverse attributes declared by this entity: which entity's attribute points back at it. */
  readonly inverses: readonly ExpressInverse[];
}

export interface ExpressInverse {
  readonly name: string;
  /** The entity whose explicit attribute refers to this one (subtypes included). */
  readonly entity: string;
  readonly attribute: string;
}

export type ExpressType =
  | { readonly kind: 'defined'; readonly name: string; readonly underlying: string }
  | { readonly kind: 'enum'; readonly name: string; readonly values: readonly string[] }
  | { readonly kind: 'select'; readonly name: string; readonly members: readonly string[] };

export interface ExpressSchema {
  readonly entities: readonly ExpressEntity[];
  readonly types: readonly ExpressType[];
}

const SECTION_START = /^\s*(DERIVE|INVERSE|UNIQUE|WHERE)\b/;

/** `LIST [1:?] OF UNIQUE IfcX` → `[IfcX`; `OPTIONAL ARRAY … OF LIST … OF IfcY` → `?[[IfcY`. */
export function encodeTypeRef(declaration: string): string {
  let rest = declaration.replace(/\s+/g, ' ').trim();
  let prefix = '';
  if (rest.startsWith('OPTIONAL ')) {
    prefix = '?';
    rest = rest.slice(9);
  }
  const aggregate = /^(LIST|SET|ARRAY|BAG)\s*(\[[^\]]*\])?\s*OF\s+(UNIQUE\s+)?/;
  for (let m = aggregate.exec(rest); m; m = aggregate.exec(rest)) {
    prefix += '[';
    rest = rest.slice(m[0].length);
  }
  const base = rest
    .replace(/\(.*$/, '')
    .replace(/\s+FIXED$/, '')
    .trim();
  return prefix + base;
}

function parseEntity(block: string): ExpressEntity {
  const headerEnd = block.indexOf(';');
  const header = block.slice(0, headerEnd);
  const name = /^ENTITY\s+(\w+)/.exec(header)?.[1] ?? '';
  const supertype = /SUBTYPE OF\s*\(\s*(\w+)\s*\)/.exec(header)?.[1] ?? null;
  const abstract = /\bABSTRACT\b/.test(header);
  const attributes: ExpressAttribute[] = [];
  const derived: string[] = [];
  const inverses: ExpressInverse[] = [];
  let section = 'EXPLICIT';
  let statement = '';
  for (const line of block.slice(headerEnd + 1).split('\n')) {
    const sectionMatch = SECTION_START.exec(line);
    if (sectionMatch) {
      section = sectionMatch[1] ?? section;
      statement = line.slice(line.indexOf(section) + section.length);
    } else {
      statement += ` ${line}`;
    }
    if (!statement.includes(';')) continue;
    const text = statement.trim();
    statement = '';
    if (section === 'EXPLICIT') {
      const m = /^(\w+)\s*:\s*([^;]+);/.exec(text);
      if (m?.[1] && m[2]) attributes.push({ name: m[1], type: encodeTypeRef(m[2]) });
    } else if (section === 'DERIVE') {
      const m = /^SELF\\\w+\.(\w+)\s*:/.exec(text);
      if (m?.[1]) derived.push(m[1]);
    } else if (section === 'INVERSE') {
      // `IsDecomposedBy : SET [0:?] OF IfcRelAggregates FOR RelatingObject;` (also without SET).
      const m = /^(\w+)\s*:\s*(?:(?:SET|BAG|LIST)\s*\[[^\]]*\]\s*OF\s+)?(\w+)\s+FOR\s+(\w+)\s*;/.exec(text);
      if (m?.[1] && m[2] && m[3]) inverses.push({ name: m[1], entity: m[2], attribute: m[3] });
    }
  }
  return { name, supertype, abstract, attributes, derived, inverses };
}

function parseType(block: string): ExpressType {
  const m = /^TYPE\s+(\w+)\s*=\s*([\s\S]*?);\s*(WHERE|END_TYPE)/.exec(block);
  const name = m?.[1] ?? '';
  const body = (m?.[2] ?? '').replace(/\s+/g, ' ').trim();
  const list = (s: string) =>
    s
      .replace(/^[^(]*\(/, '')
      .replace(/\)\s*$/, '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  if (body.startsWith('ENUMERATION OF')) return { kind: 'enum', name, values: list(body) };
  if (body.startsWith('SELECT')) return { kind: 'select', name, members: list(body) };
  return { kind: 'defined', name, underlying: encodeTypeRef(body) };
}

export function parseExpress(source: string): ExpressSchema {
  const entities: ExpressEntity[] = [];
  const types: ExpressType[] = [];
  for (const m of source.matchAll(/^ENTITY\s[\s\S]*?^END_ENTITY;/gm)) entities.push(parseEntity(m[0]));
  for (const m of source.matchAll(/^TYPE\s[\s\S]*?^END_TYPE;/gm)) types.push(parseType(m[0]));
  return { entities, types };
}

/**
 * One line per entity or type:
 *   `E|IfcWall|IfcBuildingElement|0|PredefinedType:?IfcWallTypeEnum||`  (then derived redeclarations,
 *   then inverses `Name:Entity:Attribute,…`)
 *   `T|IfcLengthMeasure|d|REAL`, `T|IfcWallTypeEnum|e|MOVABLE,…`, `T|IfcValue|s|IfcLabel,…`
 */
export function encodeSchemaTable(schema: ExpressSchema): string {
  const lines: string[] = [];
  for (const e of schema.entities) {
    const attrs = e.attributes.map((a) => `${a.name}:${a.type}`).join(',');
    const inverses = e.inverses.map((i) => `${i.name}:${i.entity}:${i.attribute}`).join(',');
    lines.push(
      `E|${e.name}|${e.supertype ?? ''}|${e.abstract ? 1 : 0}|${attrs}|${e.derived.join(',')}|${inverses}`,
    );
  }
  for (const t of schema.types) {
    if (t.kind === 'defined') lines.push(`T|${t.name}|d|${t.underlying}`);
    else if (t.kind === 'enum') lines.push(`T|${t.name}|e|${t.values.join(',')}`);
    else lines.push(`T|${t.name}|s|${t.members.join(',')}`);
  }
  return lines.join('\n');
}

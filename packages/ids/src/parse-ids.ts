/**
 * parseIds: IDS XML → IdsDocument. Reading is lenient about structure (XSD validation, in
 * validate-ids.ts, is the authority on that) but records every problem it meets, and then runs the
 * semantic audit (audit/audit.ts) so that an IDS that can never be satisfied is marked invalid.
 */
import { auditDocument } from './audit/audit';
import type {
  Facet,
  IdsDocument,
  IdsInfo,
  IdsValue,
  PartOfRelationName,
  RestrictionValue,
  SourceLocation,
  Specification,
} from './document';
import { CodeListInterner, restrictionWithCodeList } from './restriction/code-list';
import type { FacetCardinality, SpecificationCardinality, ValidationProblem } from './results';
import {
  childNamed,
  childrenNamed,
  IDS_NAMESPACE,
  readXml,
  type XmlElement,
  XmlReadError,
  XS_NAMESPACE,
} from './xml/xml-tree';

export interface ParseIdsOptions {
  readonly fileName?: string;
  /** Largest accepted file in bytes (default maxIdsBytes(), ids-size-limit.ts). */
  readonly maxBytes?: number;
}

/** Thrown when the input is not well-formed XML or not an IDS document at all. */
export class IdsParseError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
    readonly column: number | null,
  ) {
    super(line === null ? message : `line ${line}: ${message}`);
    this.name = 'IdsParseError';
  }

  toProblem(): ValidationProblem {
    return { line: this.line, column: this.column, message: this.message.replace(/^line \d+: /, '') };
  }
}

const RELATIONS: readonly PartOfRelationName[] = [
  'IFCRELAGGREGATES',
  'IFCRELASSIGNSTOGROUP',
  'IFCRELCONTAINEDINSPATIALSTRUCTURE',
  'IFCRELNESTS',
  'IFCRELVOIDSELEMENT IFCRELFILLSELEMENT',
];

class Reader {
  readonly problems: ValidationProblem[] = [];
  private readonly codeLists = new CodeListInterner();

  problem(at: XmlElement | SourceLocation, message: string): void {
    this.problems.push({ line: at.line, column: at.column, message });
  }

  value(parent: XmlElement, name: string, required: boolean): IdsValue | null {
    const el = childNamed(parent, name);
    if (!el) {
      if (required) this.problem(parent, `<${parent.name}> needs a <${name}> element.`);
      return null;
    }
    const simple = childNamed(el, 'simpleValue');
    if (simple) return { kind: 'simple', value: simple.text };
    const restriction = childNamed(el, 'restriction', XS_NAMESPACE);
    if (restriction) return this.restriction(restriction);
    this.problem(el, `<${name}> needs a <simpleValue> or an <xs:restriction>.`);
    return required ? { kind: 'simple', value: el.text.trim() } : null;
  }

  restriction(el: XmlElement): RestrictionValue {
    const baseAttr = el.attributes.get('base') ?? 'xs:string';
    const base = baseAttr.includes(':') ? baseAttr.slice(baseAttr.indexOf(':') + 1) : baseAttr;
    // Values the plain reader kept off the tree (xml-element.ts); it leaves no enumeration child then.
    const enumeration: string[] = el.enumerationValues ? [...el.enumerationValues] : [];
    const patterns: string[] = [];
    const single: Record<string, string> = {};
    for (const child of el.children) {
      if (child.namespace !== XS_NAMESPACE) continue;
      const v = child.attributes.get('value');
      if (child.name === 'annotation') continue;
      if (v === undefined) {
        this.problem(child, `<xs:${child.name}> needs a value attribute.`);
        continue;
      }
      if (child.name === 'enumeration') enumeration.push(v);
      else if (child.name === 'pattern') patterns.push(v);
      else if (
        [
          'minInclusive',
          'maxInclusive',
          'minExclusive',
          'maxExclusive',
          'length',
          'minLength',
          'maxLength',
        ].includes(child.name)
      ) {
        if (single[child.name] !== undefined) this.problem(child, `<xs:${child.name}> appears twice.`);
        single[child.name] = v;
      } else this.problem(child, `<xs:${child.name}> is not supported in IDS restrictions.`);
    }
    // A code list the plain reader kept as text (no enumeration child then): read from the text when asked.
    if (el.codeList)
      return restrictionWithCodeList(base, this.codeLists.intern(el.codeList), { patterns, ...single });
    return { kind: 'restriction', base, enumeration, patterns, ...single };
  }

  cardinality(el: XmlElement, allowed: readonly FacetCardinality[]): FacetCardinality {
    const raw = el.attributes.get('cardinality');
    if (raw === undefined) return 'required';
    if ((allowed as readonly string[]).includes(raw)) return raw as FacetCardinality;
    this.problem(el, `cardinality "${raw}" is not allowed on <${el.name}> (allowed: ${allowed.join(', ')}).`);
    return 'required';
  }

  facet(el: XmlElement, inRequirements: boolean): Facet | null {
    const location = { line: el.line, column: el.column };
    const instructions = inRequirements ? (el.attributes.get('instructions') ?? null) : null;
    const all: FacetCardinality[] = ['required', 'optional', 'prohibited'];
    switch (el.name) {
      case 'entity': {
        const name = this.value(el, 'name', true);
        if (!name) return null;
        return {
          type: 'entity',
          location,
          cardinality: 'required',
          instructions,
          name,
          predefinedType: this.value(el, 'predefinedType', false),
        };
      }
      case 'attribute': {
        const name = this.value(el, 'name', true);
        if (!name) return null;
        return {
          type: 'attribute',
          location,
          cardinality: inRequirements ? this.cardinality(el, all) : 'required',
          instructions,
          name,
          value: this.value(el, 'value', false),
        };
      }
      case 'property': {
        const propertySet = this.value(el, 'propertySet', true);
        const baseName = this.value(el, 'baseName', true);
        if (!propertySet || !baseName) return null;
        const dataType = el.attributes.get('dataType') ?? null;
        return {
          type: 'property',
          location,
          cardinality: inRequirements ? this.cardinality(el, all) : 'required',
          instructions,
          propertySet,
          baseName,
          value: this.value(el, 'value', false),
          dataType: dataType === null ? null : dataType.trim(),
          uri: el.attributes.get('uri') ?? null,
        };
      }
      case 'classification':
        return {
          type: 'classification',
          location,
          cardinality: inRequirements ? this.cardinality(el, all) : 'required',
          instructions,
          value: this.value(el, 'value', false),
          system: this.value(el, 'system', false),
          uri: el.attributes.get('uri') ?? null,
        };
      case 'material':
        return {
          type: 'material',
          location,
          cardinality: inRequirements ? this.cardinality(el, all) : 'required',
          instructions,
          value: this.value(el, 'value', false),
          uri: el.attributes.get('uri') ?? null,
        };
      case 'partOf': {
        const entityEl = childNamed(el, 'entity');
        if (!entityEl) {
          this.problem(el, '<partOf> needs an <entity> element.');
          return null;
        }
        const name = this.value(entityEl, 'name', true);
        if (!name) return null;
        const rawRelation = el.attributes.get('relation');
        let relation: PartOfRelationName | null = null;
        if (rawRelation !== undefined) {
          if ((RELATIONS as readonly string[]).includes(rawRelation))
            relation = rawRelation as PartOfRelationName;
          else this.problem(el, `relation "${rawRelation}" is not one of ${RELATIONS.join(', ')}.`);
        }
        return {
          type: 'partOf',
          location,
          cardinality: inRequirements ? this.cardinality(el, ['required', 'prohibited']) : 'required',
          instructions,
          relation,
          entity: { name, predefinedType: this.value(entityEl, 'predefinedType', false) },
        };
      }
      default:
        this.problem(el, `<${el.name}> is not an IDS facet.`);
        return null;
    }
  }

  occurs(el: XmlElement, attr: 'minOccurs' | 'maxOccurs'): number | null {
    const raw = el.attributes.get(attr);
    if (raw === undefined) return 1; // XSD default of xs:occurs
    if (attr === 'maxOccurs' && raw === 'unbounded') return null;
    if (!/^\s*\d+\s*$/.test(raw)) {
      this.problem(
        el,
        `${attr}="${raw}" is not a non-negative integer${attr === 'maxOccurs' ? ' or "unbounded"' : ''}.`,
      );
      return 1;
    }
    return Number(raw);
  }

  specification(el: XmlElement): Specification {
    const applicabilityEl = childNamed(el, 'applicability');
    const requirementsEl = childNamed(el, 'requirements');
    if (!applicabilityEl) this.problem(el, '<specification> needs an <applicability> element.');
    const name = el.attributes.get('name');
    if (name === undefined) this.problem(el, '<specification> needs a name attribute.');
    const versionsRaw = el.attributes.get('ifcVersion');
    if (versionsRaw === undefined) this.problem(el, '<specification> needs an ifcVersion attribute.');
    const minOccurs = applicabilityEl ? (this.occurs(applicabilityEl, 'minOccurs') ?? 1) : 1;
    const maxOccurs = applicabilityEl ? this.occurs(applicabilityEl, 'maxOccurs') : null;
    let cardinality: SpecificationCardinality;
    if (maxOccurs === 0) cardinality = 'prohibited';
    else if (minOccurs === 0) cardinality = 'optional';
    else cardinality = 'required';
    if (maxOccurs !== null && maxOccurs < minOccurs && applicabilityEl) {
      this.problem(applicabilityEl, `maxOccurs (${maxOccurs}) is smaller than minOccurs (${minOccurs}).`);
    }
    const facets = (parent: XmlElement | undefined, inRequirements: boolean) =>
      (parent?.children ?? [])
        .filter((c) => c.namespace === IDS_NAMESPACE)
        .map((c) => this.facet(c, inRequirements))
        .filter((f): f is Facet => f !== null);
    return {
      name: name ?? '',
      identifier: el.attributes.get('identifier') ?? null,
      description: el.attributes.get('description') ?? null,
      instructions: el.attributes.get('instructions') ?? null,
      ifcVersions: (versionsRaw ?? '').split(/\s+/).filter(Boolean),
      minOccurs,
      maxOccurs,
      cardinality,
      applicability: facets(applicabilityEl, false),
      requirements: facets(requirementsEl, true),
      location: { line: el.line, column: el.column },
    };
  }

  info(el: XmlElement | undefined): IdsInfo {
    const text = (name: string) => {
      const child = el ? childNamed(el, name) : undefined;
      return child ? child.text : null;
    };
    return {
      title: text('title'),
      copyright: text('copyright'),
      version: text('version'),
      description: text('description'),
      author: text('author'),
      date: text('date'),
      purpose: text('purpose'),
      milestone: text('milestone'),
    };
  }
}

/**
 * Reads an IDS file. Throws IdsParseError when the input is not well-formed XML (or has a DTD, or
 * is too large) or its root is not an IDS `<ids>` element; otherwise returns the document with any
 * problems found listed in `problems`.
 */
export function parseIds(xml: string | Uint8Array, options: ParseIdsOptions = {}): IdsDocument {
  return parseIdsWithCodeListRuns(xml, options).document;
}

/**
 * parseIds, also giving where the code lists kept as text lie in the text read (three numbers each,
 * xml/plain-xml.ts), so XSD validation can leave out their repeats (xsd/code-list-runs.ts).
 */
export function parseIdsWithCodeListRuns(
  xml: string | Uint8Array,
  options: ParseIdsOptions = {},
): { document: IdsDocument; codeListRuns: number[] } {
  let root: XmlElement;
  const codeListRuns: number[] = [];
  try {
    root = readXml(xml, {
      enumerationValues: true,
      codeListRuns,
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    });
  } catch (err) {
    if (err instanceof XmlReadError) throw new IdsParseError(err.message, err.line, err.column);
    throw err;
  }
  return { document: idsFromTree(root, options), codeListRuns };
}

/** The IDS document of an XML tree (as either XML reader builds it); parseIds without the reading. */
export function idsFromTree(root: XmlElement, options: Pick<ParseIdsOptions, 'fileName'> = {}): IdsDocument {
  if (root.name !== 'ids' || root.namespace !== IDS_NAMESPACE) {
    throw new IdsParseError(
      `The root element is <${root.name}> in namespace "${root.namespace}"; an IDS file starts with <ids> in namespace "${IDS_NAMESPACE}".`,
      root.line,
      root.column,
    );
  }
  const reader = new Reader();
  const infoEl = childNamed(root, 'info');
  if (!infoEl) reader.problem(root, '<ids> needs an <info> element.');
  const specsEl = childNamed(root, 'specifications');
  if (!specsEl) reader.problem(root, '<ids> needs a <specifications> element.');
  const specEls = specsEl ? childrenNamed(specsEl, 'specification') : [];
  if (specsEl && specEls.length === 0)
    reader.problem(specsEl, '<specifications> needs at least one <specification>.');
  const specifications = specEls.map((el) => reader.specification(el));
  const problems = [...reader.problems, ...auditDocument(specifications)];
  return { fileName: options.fileName ?? null, info: reader.info(infoEl), specifications, problems };
}

/**
 * The IDS document of an XML element tree (as either XML reader builds it). Reading is lenient about
 * structure (XSD validation is the authority on that) but records every structural problem it
 * meets, as a message id with parameters, and where each specification, facet and value came from
 * (`sources`), so the linter can point at them. No Node imports: the linter uses it in a browser.
 */
import {
  type Facet,
  type IdsDocument,
  type IdsInfo,
  type IdsValue,
  type PartOfRelationName,
  RESTRICTION_BOUNDS,
  type RestrictionValue,
  type SourceLocation,
  type Specification,
} from './document';
import type { MessageParams } from './lint/format-message';
import { CodeListInterner, restrictionWithCodeList } from './restriction/code-list';
import type { FacetCardinality, SpecificationCardinality, ValidationProblem } from './results';
import { childNamed, childrenNamed, IDS_NAMESPACE, type XmlElement, XS_NAMESPACE } from './xml/read-xml-text';

/** Thrown when the input is not well-formed XML or not an IDS document at all. */
export class IdsParseError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
    readonly column: number | null,
    /** The XML itself could not be read (ill-formed, or past a limit), not only its root is wrong. */
    readonly unreadable = false,
  ) {
    super(line === null ? message : `line ${line}: ${message}`);
    this.name = 'IdsParseError';
  }

  toProblem(): ValidationProblem {
    const message = this.message.replace(/^line \d+: /, '');
    return {
      line: this.line,
      column: this.column,
      message,
      ...(this.unreadable ? { unreadable: true } : {}),
    };
  }
}

/** A structural problem the reader met: where, and what as a message id (lint/messages.en.json). */
export interface ReaderProblem {
  readonly at: XmlElement;
  readonly messageId: string;
  readonly params: MessageParams;
}

/** Where each specification, facet and value (IdsValue) of a document was read from. */
export type IdsSources = WeakMap<object, XmlElement>;

export interface IdsTree {
  /** The document; its `problems` are empty here (parse-ids.ts fills them in). */
  readonly document: IdsDocument;
  readonly readerProblems: readonly ReaderProblem[];
  readonly sources: IdsSources;
  readonly root: XmlElement;
}

const RELATIONS: readonly PartOfRelationName[] = [
  'IFCRELAGGREGATES',
  'IFCRELASSIGNSTOGROUP',
  'IFCRELCONTAINEDINSPATIALSTRUCTURE',
  'IFCRELNESTS',
  'IFCRELVOIDSELEMENT IFCRELFILLSELEMENT',
];

const SINGLE_FACETS: readonly string[] = RESTRICTION_BOUNDS;

class Reader {
  readonly problems: ReaderProblem[] = [];
  readonly sources: IdsSources = new WeakMap();
  private readonly codeLists = new CodeListInterner();

  problem(at: XmlElement, messageId: string, params: MessageParams = {}): void {
    this.problems.push({ at, messageId, params });
  }

  value(parent: XmlElement, name: string, required: boolean): IdsValue | null {
    const el = childNamed(parent, name);
    if (!el) {
      if (required)
        this.problem(parent, 'lint.ids-structure.missing-child', { parent: parent.name, child: name });
      return null;
    }
    const simple = childNamed(el, 'simpleValue');
    let value: IdsValue | null;
    if (simple) value = { kind: 'simple', value: simple.text };
    else {
      const restriction = childNamed(el, 'restriction', XS_NAMESPACE);
      if (restriction) value = this.restriction(restriction);
      else {
        this.problem(el, 'lint.ids-structure.no-value', { element: name });
        value = required ? { kind: 'simple', value: el.text.trim() } : null;
      }
    }
    if (value) this.sources.set(value, el);
    return value;
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
        this.problem(child, 'lint.ids-structure.no-value-attribute', { element: child.name });
        continue;
      }
      if (child.name === 'enumeration') enumeration.push(v);
      else if (child.name === 'pattern') patterns.push(v);
      else if (SINGLE_FACETS.includes(child.name)) {
        if (single[child.name] !== undefined)
          this.problem(child, 'lint.ids-structure.twice', { element: child.name });
        single[child.name] = v;
      } else this.problem(child, 'lint.ids-structure.unsupported-restriction', { element: child.name });
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
    this.problem(el, 'lint.ids-structure.cardinality', {
      value: raw,
      element: el.name,
      allowed: allowed.join(', '),
    });
    return 'required';
  }

  facet(el: XmlElement, inRequirements: boolean): Facet | null {
    const facet = this.facetOf(el, inRequirements);
    if (facet) this.sources.set(facet, el);
    return facet;
  }

  private facetOf(el: XmlElement, inRequirements: boolean): Facet | null {
    const location = { line: el.line, column: el.column };
    const instructions = inRequirements ? (el.attributes.get('instructions') ?? null) : null;
    const all: FacetCardinality[] = ['required', 'optional', 'prohibited'];
    const cardinality = (allowed = all) => (inRequirements ? this.cardinality(el, allowed) : 'required');
    switch (el.name) {
      case 'entity': {
        const name = this.value(el, 'name', true);
        if (!name) return null;
        const predefinedType = this.value(el, 'predefinedType', false);
        return { type: 'entity', location, cardinality: 'required', instructions, name, predefinedType };
      }
      case 'attribute': {
        const name = this.value(el, 'name', true);
        if (!name) return null;
        const c = cardinality();
        return {
          type: 'attribute',
          location,
          cardinality: c,
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
          cardinality: cardinality(),
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
          cardinality: cardinality(),
          instructions,
          value: this.value(el, 'value', false),
          system: this.value(el, 'system', false),
          uri: el.attributes.get('uri') ?? null,
        };
      case 'material':
        return {
          type: 'material',
          location,
          cardinality: cardinality(),
          instructions,
          value: this.value(el, 'value', false),
          uri: el.attributes.get('uri') ?? null,
        };
      case 'partOf':
        return this.partOf(
          el,
          location,
          inRequirements ? this.cardinality(el, ['required', 'prohibited']) : 'required',
          instructions,
        );
      default:
        this.problem(el, 'lint.ids-structure.not-a-facet', { element: el.name });
        return null;
    }
  }

  private partOf(
    el: XmlElement,
    location: SourceLocation,
    cardinality: FacetCardinality,
    instructions: string | null,
  ): Facet | null {
    const entityEl = childNamed(el, 'entity');
    if (!entityEl) {
      this.problem(el, 'lint.ids-structure.missing-child', { parent: 'partOf', child: 'entity' });
      return null;
    }
    const name = this.value(entityEl, 'name', true);
    if (!name) return null;
    const rawRelation = el.attributes.get('relation');
    let relation: PartOfRelationName | null = null;
    if (rawRelation !== undefined) {
      if ((RELATIONS as readonly string[]).includes(rawRelation))
        relation = rawRelation as PartOfRelationName;
      else
        this.problem(el, 'lint.ids-structure.relation', {
          value: rawRelation,
          allowed: RELATIONS.join(', '),
        });
    }
    const predefinedType = this.value(entityEl, 'predefinedType', false);
    return {
      type: 'partOf',
      location,
      cardinality,
      instructions,
      relation,
      entity: { name, predefinedType },
    };
  }

  occurs(el: XmlElement, attr: 'minOccurs' | 'maxOccurs'): number | null {
    const raw = el.attributes.get(attr);
    if (raw === undefined) return 1; // XSD default of xs:occurs
    if (attr === 'maxOccurs' && raw === 'unbounded') return null;
    if (!/^\s*\d+\s*$/.test(raw)) {
      this.problem(el, 'lint.ids-structure.occurs', { attribute: attr, value: raw });
      return 1;
    }
    return Number(raw);
  }

  specification(el: XmlElement): Specification {
    const applicabilityEl = childNamed(el, 'applicability');
    const requirementsEl = childNamed(el, 'requirements');
    if (!applicabilityEl)
      this.problem(el, 'lint.ids-structure.missing-child', {
        parent: 'specification',
        child: 'applicability',
      });
    const name = el.attributes.get('name');
    if (name === undefined)
      this.problem(el, 'lint.ids-structure.missing-attribute', {
        element: 'specification',
        attribute: 'name',
      });
    // A missing ifcVersion is the linter's rule ifc-version-missing (it offers fixes).
    const versionsRaw = el.attributes.get('ifcVersion');
    const minOccurs = applicabilityEl ? (this.occurs(applicabilityEl, 'minOccurs') ?? 1) : 1;
    const maxOccurs = applicabilityEl ? this.occurs(applicabilityEl, 'maxOccurs') : null;
    let cardinality: SpecificationCardinality;
    if (maxOccurs === 0) cardinality = 'prohibited';
    else if (minOccurs === 0) cardinality = 'optional';
    else cardinality = 'required';
    if (maxOccurs !== null && maxOccurs < minOccurs && applicabilityEl) {
      this.problem(applicabilityEl, 'lint.ids-structure.occurs-order', { min: minOccurs, max: maxOccurs });
    }
    const facets = (parent: XmlElement | undefined, inRequirements: boolean) =>
      (parent?.children ?? [])
        .filter((c) => c.namespace === IDS_NAMESPACE)
        .map((c) => this.facet(c, inRequirements))
        .filter((f): f is Facet => f !== null);
    const spec: Specification = {
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
    this.sources.set(spec, el);
    return spec;
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
 * Reads the IDS document of an XML tree, with the reader's structural problems and the sources of
 * its parts. Throws IdsParseError when the root is not an IDS `<ids>` element.
 */
export function readIdsTree(root: XmlElement, options: { fileName?: string } = {}): IdsTree {
  if (root.name !== 'ids' || root.namespace !== IDS_NAMESPACE) {
    throw new IdsParseError(
      `The root element is <${root.name}> in namespace "${root.namespace}"; an IDS file starts with <ids> in namespace "${IDS_NAMESPACE}".`,
      root.line,
      root.column,
    );
  }
  const reader = new Reader();
  const infoEl = childNamed(root, 'info');
  if (!infoEl) reader.problem(root, 'lint.ids-structure.missing-child', { parent: 'ids', child: 'info' });
  const specsEl = childNamed(root, 'specifications');
  if (!specsEl)
    reader.problem(root, 'lint.ids-structure.missing-child', { parent: 'ids', child: 'specifications' });
  const specEls = specsEl ? childrenNamed(specsEl, 'specification') : [];
  if (specsEl && specEls.length === 0) reader.problem(specsEl, 'lint.ids-structure.no-specification');
  const specifications = specEls.map((el) => reader.specification(el));
  const document: IdsDocument = {
    fileName: options.fileName ?? null,
    info: reader.info(infoEl),
    specifications,
    problems: [],
  };
  return { document, readerProblems: reader.problems, sources: reader.sources, root };
}

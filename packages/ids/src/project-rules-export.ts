/**
 * Project rules (a rules file of @plumbline/validity) exported to IDS 1.0, each rule that IDS can
 * state exactly as one specification, each other rule refused with the reason (a message id with
 * parameters). IDS checks one element at a time against a conjunction of facets: it can prohibit a
 * single facet, but cannot say "any of", compare two values of an element, count related elements
 * or require a value to be unique among elements.
 */
import type {
  Expr,
  MessageRef,
  ProjectRule,
  Facet as RuleFacet,
  RulesDocument,
  ValueSpec,
} from '@plumbline/validity';
import type { Facet, IdsDocument, IdsValue, PartOfRelationName, Specification } from './document';
import { writeIds } from './write/write-ids';

export interface RuleExport {
  readonly id: string;
  readonly exported: boolean;
  /** Why IDS cannot state the rule (only when not exported). */
  readonly reason?: MessageRef;
}

export interface RulesExport {
  /** The IDS file of the exported rules, or null when none could be exported. */
  readonly xml: string | null;
  readonly rules: readonly RuleExport[];
}

class Refused extends Error {
  constructor(readonly reason: MessageRef) {
    super(reason.id);
  }
}

const refuse = (id: string, values: MessageRef['values'] = {}): never => {
  throw new Refused({ id: `rules.export.${id}`, values });
};

const NOWHERE = { line: 0, column: 0 };
const ALL_VERSIONS = ['IFC2X3', 'IFC4', 'IFC4X3_ADD2'];

/** RE2 and XSD read these differently (XSD patterns have no anchors, and \i \c or class subtraction are XSD's own). */
const DIFFERING_PATTERN = /[\^$]|\\[icIC]|\\p\{Is|-\[/;

function idsValue(spec: ValueSpec): IdsValue {
  if (typeof spec === 'string') return { kind: 'simple', value: spec };
  if (typeof spec === 'number' || typeof spec === 'boolean') return { kind: 'simple', value: String(spec) };
  const restriction = { kind: 'restriction' as const, enumeration: [] as string[], patterns: [] as string[] };
  if ('pattern' in spec) {
    if (DIFFERING_PATTERN.test(spec.pattern)) refuse('pattern', { pattern: spec.pattern });
    return { ...restriction, base: 'string', patterns: [spec.pattern] };
  }
  if ('enum' in spec) {
    const numeric = spec.enum.every((v) => typeof v === 'number');
    return { ...restriction, base: numeric ? 'double' : 'string', enumeration: spec.enum.map(String) };
  }
  return {
    ...restriction,
    base: 'double',
    ...(spec.min === undefined ? {} : { minInclusive: String(spec.min) }),
    ...(spec.max === undefined ? {} : { maxInclusive: String(spec.max) }),
  };
}

const simple = (value: string): IdsValue => ({ kind: 'simple', value });

function idsFacet(f: RuleFacet, cardinality: 'required' | 'prohibited'): Facet {
  const base = { location: NOWHERE, cardinality, instructions: null };
  if ('entity' in f) {
    if (cardinality === 'prohibited') refuse('notEntity');
    return {
      ...base,
      type: 'entity',
      name: simple(f.entity.toUpperCase()),
      predefinedType: f.predefinedType === undefined ? null : idsValue(f.predefinedType),
    };
  }
  if ('attribute' in f) {
    return {
      ...base,
      type: 'attribute',
      name: simple(f.attribute),
      value: f.value === undefined ? null : idsValue(f.value),
    };
  }
  if ('property' in f || 'quantity' in f) {
    const [set, name] = 'property' in f ? [f.propertySet, f.property] : [f.quantitySet, f.quantity];
    return {
      ...base,
      type: 'property',
      propertySet: simple(set),
      baseName: simple(name),
      value: f.value === undefined ? null : idsValue(f.value),
      dataType: null,
      uri: null,
    };
  }
  if ('classification' in f) {
    const { system, value } = f.classification;
    return {
      ...base,
      type: 'classification',
      system: system === undefined ? null : idsValue(system),
      value: value === undefined ? null : idsValue(value),
      uri: null,
    };
  }
  if ('material' in f) {
    return { ...base, type: 'material', value: f.material === true ? null : idsValue(f.material), uri: null };
  }
  // IDS names voids and fills as one relation; a rule naming one of them says less than IDS would.
  if (f.relation === 'IFCRELVOIDSELEMENT' || f.relation === 'IFCRELFILLSELEMENT') refuse('partOfVoids');
  const relation = (f.relation ?? null) as PartOfRelationName | null;
  return {
    ...base,
    type: 'partOf',
    relation,
    entity: { name: simple(f.partOf.toUpperCase()), predefinedType: null },
  };
}

/** A conjunction of facets, flattening nested `all`; `not` of one facet becomes a prohibited facet when allowed. */
function conjunction(expr: Expr, allowNot: boolean, anyReason: string): Facet[] {
  if ('all' in expr) return expr.all.flatMap((e) => conjunction(e, allowNot, anyReason));
  if ('any' in expr) return refuse(anyReason);
  if ('not' in expr) {
    if (!allowNot) return refuse('applicabilityNot');
    const inner = expr.not;
    if ('all' in inner || 'any' in inner || 'not' in inner) return refuse('nestedNot');
    return [idsFacet(inner, 'prohibited')];
  }
  return [idsFacet(expr, 'required')];
}

function specificationOf(rule: ProjectRule): Specification {
  const req = rule.require;
  if ('unique' in req) refuse('unique');
  if ('count' in req) refuse('count');
  if ('compare' in req) refuse('compare');
  const applicability = conjunction(rule.appliesTo, false, 'applicabilityNot');
  if (!applicability.some((f) => f.type === 'entity')) refuse('noEntity');
  const requirements = 'satisfies' in req ? conjunction(req.satisfies, true, 'any') : [];
  return {
    name: rule.name,
    identifier: rule.id,
    description: rule.description ?? null,
    instructions: null,
    ifcVersions: ALL_VERSIONS,
    minOccurs: 0,
    maxOccurs: null,
    cardinality: 'optional',
    applicability,
    requirements,
    location: NOWHERE,
  };
}

/** The rules IDS can state, as one IDS file, and why the others cannot be. */
export function exportRulesToIds(document: RulesDocument): RulesExport {
  const specifications: Specification[] = [];
  const rules: RuleExport[] = [];
  for (const rule of document.rules) {
    try {
      specifications.push(specificationOf(rule));
      rules.push({ id: rule.id, exported: true });
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      rules.push({ id: rule.id, exported: false, reason: error.reason });
    }
  }
  if (specifications.length === 0) return { xml: null, rules };
  const ids: IdsDocument = {
    fileName: null,
    info: {
      title: document.title ?? 'Project rules',
      copyright: null,
      version: null,
      description: 'Exported from a Plumbline rules file: the rules IDS 1.0 can state exactly.',
      author: null,
      date: null,
      purpose: null,
      milestone: null,
    },
    specifications,
    problems: [],
  };
  return { xml: writeIds(ids), rules };
}

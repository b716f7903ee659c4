/**
 * A specification as one plain-language sentence ("Every door (IfcDoor) must have
 * Pset_DoorCommon.FireRating as text, one of EI30, EI60."), as data: a phrase is a message id with
 * parameters, and a parameter may itself be a phrase or a list of them. Rendering (render.ts) looks
 * each id up in a catalogue in the reader's language and joins lists the language's way (Intl), so
 * no English is glued together in code. Pure and browser-safe (the Studio renders it as you type).
 */
import type { Facet, IdsValue, RestrictionValue, Specification } from '../document';
import { dataTypeInfo } from '../lint/data-type-info';
import { siUnitOf } from './si-units';

export type PhraseParam = string | number | Phrase | PhraseList;

export interface Phrase {
  readonly id: string;
  readonly params?: Readonly<Record<string, PhraseParam>>;
}

/** Items joined as the language joins them: 'and' (a, b and c) or 'values' (a, b, c). */
export interface PhraseList {
  readonly list: readonly PhraseParam[];
  readonly join: 'and' | 'values';
  /** Items left out of a long list, said as "… and 12 more". */
  readonly more?: number;
}

export interface DescribeOptions {
  /** The schema's spelling of an upper-case class name (IFCDOOR → IfcDoor), when known. */
  readonly className?: (upper: string) => string | undefined;
}

/** Longest list of values said in full. */
const MAX_VALUES = 8;

const phrase = (id: string, params?: Record<string, PhraseParam>): Phrase =>
  params ? { id, params } : { id };

function values(items: readonly string[]): PhraseList {
  const shown = items.slice(0, MAX_VALUES);
  return items.length > MAX_VALUES
    ? { list: shown, join: 'values', more: items.length - MAX_VALUES }
    : { list: shown, join: 'values' };
}

/** 'IfcBuildingElementProxy' → 'building element proxy'. */
export function nounOf(className: string): string {
  const bare = className.replace(/^ifc/i, '');
  if (bare === bare.toUpperCase()) return bare.toLowerCase();
  return bare
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
}

/** How a name-like value reads: the name, 'one of …', 'a name matching …'. */
function nameOf(v: IdsValue | null, spell: (s: string) => string = (s) => s): Phrase {
  if (v === null) return phrase('describe.name.any');
  if (v.kind === 'simple') return phrase('describe.name.simple', { value: spell(v.value) });
  if (v.enumeration.length > 0)
    return phrase('describe.name.oneOf', { values: values(v.enumeration.map(spell)) });
  if (v.patterns.length > 0) return phrase('describe.name.matching', { patterns: values(v.patterns) });
  return phrase('describe.name.any');
}

function dataTypePhrase(dataType: string | null): Phrase | null {
  if (dataType === null) return null;
  const upper = dataType.toUpperCase();
  const base = dataTypeInfo(upper)?.base ?? null;
  if (upper.endsWith('MEASURE')) {
    const measure = upper
      .replace(/^IFC/, '')
      .replace(/MEASURE$/, '')
      .toLowerCase();
    const unit = siUnitOf(upper);
    return unit
      ? phrase('describe.dataType.measure', { measure, unit })
      : phrase('describe.dataType.measureNoUnit', { measure });
  }
  if (base === 'string' && !upper.endsWith('ENUM')) return phrase('describe.dataType.text');
  if (base === 'boolean') return phrase('describe.dataType.boolean');
  if (base === 'integer') return phrase('describe.dataType.integer');
  if (base === 'double') return phrase('describe.dataType.number');
  return phrase('describe.dataType.other', { dataType: upper });
}

const BOUNDS: ReadonlyArray<[keyof RestrictionValue, string]> = [
  ['minInclusive', 'describe.constraint.atLeast'],
  ['minExclusive', 'describe.constraint.above'],
  ['maxInclusive', 'describe.constraint.atMost'],
  ['maxExclusive', 'describe.constraint.below'],
  ['length', 'describe.constraint.length'],
  ['minLength', 'describe.constraint.minLength'],
  ['maxLength', 'describe.constraint.maxLength'],
];

function constraintPhrase(v: IdsValue | null): PhraseParam | null {
  if (v === null) return null;
  if (v.kind === 'simple') return phrase('describe.constraint.simple', { value: v.value });
  const parts: Phrase[] = [];
  if (v.enumeration.length > 0)
    parts.push(phrase('describe.constraint.oneOf', { values: values(v.enumeration) }));
  if (v.patterns.length > 0)
    parts.push(phrase('describe.constraint.matching', { patterns: values(v.patterns) }));
  for (const [key, id] of BOUNDS) {
    const bound = v[key];
    if (typeof bound === 'string') parts.push(phrase(id, { value: bound }));
  }
  if (parts.length === 0) return null;
  return parts.length === 1 ? (parts[0] as Phrase) : { list: parts, join: 'and' };
}

/** ' as text, one of EI30, EI60' (with its leading space), or '' when the facet asks for no value. */
function valuePhrase(v: IdsValue | null, dataType: string | null): PhraseParam {
  const type = dataTypePhrase(dataType);
  const constraint = constraintPhrase(v);
  if (type && constraint) return phrase('describe.value.typed', { dataType: type, constraint });
  if (type) return phrase('describe.value.type', { dataType: type });
  if (constraint) return phrase('describe.value.constraint', { constraint });
  return '';
}

const RELATIONS: Record<string, string> = {
  IFCRELAGGREGATES: 'aggregation',
  IFCRELASSIGNSTOGROUP: 'group assignment',
  IFCRELCONTAINEDINSPATIALSTRUCTURE: 'spatial containment',
  IFCRELNESTS: 'nesting',
  'IFCRELVOIDSELEMENT IFCRELFILLSELEMENT': 'filling a void',
};

export function describeSpecification(spec: Specification, options: DescribeOptions = {}): Phrase {
  const spell = (upper: string) => options.className?.(upper.toUpperCase()) ?? upper;

  const whole = (f: Facet & { type: 'partOf' }): Phrase => {
    const relation = f.relation === null ? 'none' : (RELATIONS[f.relation] ?? f.relation);
    const className = nameOf(f.entity.name, spell);
    return f.entity.predefinedType
      ? phrase('describe.whole.withType', {
          className,
          predefinedType: nameOf(f.entity.predefinedType),
          relation,
        })
      : phrase('describe.whole', { className, relation });
  };
  const property = (f: Facet & { type: 'property' }) =>
    phrase('describe.property', { propertySet: nameOf(f.propertySet), baseName: nameOf(f.baseName) });

  const condition = (f: Facet): Phrase | null => {
    switch (f.type) {
      case 'entity':
        return null;
      case 'property':
        return phrase('describe.condition.property', {
          property: property(f),
          value: valuePhrase(f.value, f.dataType),
        });
      case 'attribute':
        return phrase('describe.condition.attribute', {
          name: nameOf(f.name),
          value: valuePhrase(f.value, null),
        });
      case 'classification':
        return phrase('describe.condition.classification', {
          system: f.system ? nameOf(f.system) : 'none',
          value: valuePhrase(f.value, null),
        });
      case 'material':
        return phrase('describe.condition.material', { value: valuePhrase(f.value, null) });
      case 'partOf':
        return phrase('describe.condition.partOf', { whole: whole(f) });
    }
  };

  const requirement = (f: Facet): Phrase => {
    const cardinality = f.cardinality;
    switch (f.type) {
      case 'entity':
        return f.predefinedType
          ? phrase('describe.requirement.entityWithType', {
              className: nameOf(f.name, spell),
              predefinedType: nameOf(f.predefinedType),
            })
          : phrase('describe.requirement.entity', { className: nameOf(f.name, spell) });
      case 'property':
        return phrase('describe.requirement.property', {
          cardinality,
          property: property(f),
          value: valuePhrase(f.value, f.dataType),
        });
      case 'attribute':
        return phrase('describe.requirement.attribute', {
          cardinality,
          name: nameOf(f.name),
          value: valuePhrase(f.value, null),
        });
      case 'classification':
        return phrase('describe.requirement.classification', {
          cardinality,
          system: f.system ? phrase('describe.system', { system: nameOf(f.system) }) : '',
          value: valuePhrase(f.value, null),
        });
      case 'material':
        return phrase('describe.requirement.material', {
          cardinality,
          material: f.value ? nameOf(f.value) : phrase('describe.material.any'),
        });
      case 'partOf':
        return phrase('describe.requirement.partOf', { cardinality, whole: whole(f) });
    }
  };

  const entity = spec.applicability.find((f): f is Facet & { type: 'entity' } => f.type === 'entity');
  let subject: Phrase;
  if (!entity) subject = phrase('describe.subject.any');
  else if (entity.name.kind === 'simple') {
    const className = spell(entity.name.value);
    subject = entity.predefinedType
      ? phrase('describe.subject.entityWithType', {
          noun: nounOf(className),
          className,
          predefinedType: nameOf(entity.predefinedType),
        })
      : phrase('describe.subject.entity', { noun: nounOf(className), className });
  } else subject = phrase('describe.subject.entities', { className: nameOf(entity.name, spell) });
  const conditions = spec.applicability.map(condition).filter((c): c is Phrase => c !== null);
  if (conditions.length > 0)
    subject = phrase('describe.subject.with', { subject, conditions: { list: conditions, join: 'and' } });

  if (spec.requirements.length === 0 || spec.cardinality === 'prohibited')
    return phrase('describe.sentence.noRequirements', { cardinality: spec.cardinality, subject });
  return phrase('describe.sentence', {
    cardinality: spec.cardinality,
    subject,
    requirements: { list: spec.requirements.map(requirement), join: 'and' },
  });
}

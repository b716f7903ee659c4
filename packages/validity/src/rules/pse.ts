/**
 * PSE001 / QTY001: a property set named Pset_… (a quantity set named Qto_…) is one of buildingSMART's
 * templates, on a class the template applies to, with the template's properties, property kinds and
 * data types. PSE002: a custom set's name does not look like a standard one. The templates are
 * @plumbline/ifc's schema tables (the same the IDS engine uses).
 */
import { type SetTemplateView, setTemplates } from '@plumbline/ifc';
import type { Findings, Rule } from '../rule';
import type { View } from '../view';
import { memberKeys, methodVerdicts, type SetClass, setNames, setReads } from './set-reads';

export { propertySetName, propertySetNames } from './set-reads';

/** The predefined type the validation service reads for a template's restriction (occurrence, then its type). */
function predefinedTypeFor(view: View, id: number): string | null {
  const read = (of: number, userAttribute: string): string | null => {
    const value = view.enumValue(of, 'PredefinedType');
    if (value === null) return null;
    return value === 'USERDEFINED' ? view.str(of, userAttribute) : value;
  };
  if (view.is(id, 'IfcTypeObject')) return read(id, 'ElementType');
  const own = read(id, 'ObjectType');
  if (own !== null || view.enumValue(id, 'PredefinedType') !== null) return own;
  const type = view.model.typeOf(id);
  return type === null ? null : read(type, 'ElementType');
}

/** How a template judges objects of one class: not applicable, applicable, or applicable for some predefined types. */
type Judgement =
  | { readonly applies: false }
  | { readonly applies: true; readonly predefinedTypes: readonly (string | null)[] | null };

/** Per view, per template: per class ordinal × 2 (+ 1 for type objects), the judgement. */
const judgements = new WeakMap<View, Map<SetTemplateView, (Judgement | undefined)[]>>();

/** The template's verdict on a class (cached per template, class ordinal and whether it is a type object). */
function judge(view: View, template: SetTemplateView, object: number, asType: boolean): Judgement {
  let byTemplate = judgements.get(view);
  if (!byTemplate) {
    byTemplate = new Map();
    judgements.set(view, byTemplate);
  }
  let cache = byTemplate.get(template);
  if (!cache) {
    cache = [];
    byTemplate.set(template, cache);
  }
  const slot = 2 * view.classOrdinal(object) + (asType ? 1 : 0);
  let j = slot < 0 ? undefined : cache[slot];
  if (!j) {
    const upper = view.classOf(object);
    // A template listing an occurrence class also applies to its type (IfcWall → IfcWallType, IfcDoorStyle).
    const matching = template.applicableClasses.filter(
      (c) =>
        view.classIs(upper, c.entity) ||
        (asType &&
          ((view.tables.hasEntity(`${c.entity}Type`) && view.classIs(upper, `${c.entity}Type`)) ||
            (view.tables.hasEntity(`${c.entity}Style`) && view.classIs(upper, `${c.entity}Style`)))),
    );
    if (matching.length === 0) j = { applies: false };
    else {
      const names = new Set(matching.map((c) => c.entity.toLowerCase()));
      const allowed = template.applicableClasses
        .filter((c) => names.has(c.entity.toLowerCase()))
        .map((c) => c.predefinedType);
      j = { applies: true, predefinedTypes: allowed.includes(null) ? null : allowed };
    }
    if (slot >= 0) cache[slot] = j;
  }
  return j;
}

const OCCURRENCE_ONLY = new Set(['PSET_OCCURRENCEDRIVEN', 'PSET_PERFORMANCEDRIVEN', 'QTO_OCCURRENCEDRIVEN']);

/** Checks one object a set is attached to against the template's applicable classes and template type. */
function checkObject(
  view: View,
  out: FindingSink,
  set: number,
  template: SetTemplateView,
  object: number,
  asType: boolean,
  prefix: string,
): void {
  const { templateType, applicableClasses } = template;
  if (asType && OCCURRENCE_ONLY.has(templateType)) {
    out.add(set, `${prefix}.occurrenceOnly`, { stepId: String(object) });
  }
  if (!asType && templateType === 'PSET_TYPEDRIVENONLY')
    out.add(set, `${prefix}.typeOnly`, { stepId: String(object) });
  const j = judge(view, template, object, asType);
  if (!j.applies) {
    out.add(set, `${prefix}.applicableClass`, {
      className: view.className(object),
      stepId: String(object),
      expected: applicableClasses.map((c) => c.entity).join(', '),
    });
    return;
  }
  if (j.predefinedTypes === null) return;
  const observed = predefinedTypeFor(view, object)?.toUpperCase() ?? null;
  if (!j.predefinedTypes.includes(observed)) {
    out.add(set, `${prefix}.predefinedType`, {
      stepId: String(object),
      expected: [...new Set(j.predefinedTypes)].sort().join(', '),
      actual: observed ?? '',
    });
  }
}

/** A finding kept for a rule that has not run yet (replayed into its Findings, in order). */
type Recorded = readonly [stepId: number, messageId: string, values: Record<string, string | number>];

/** Where checkObject writes: a rule's Findings, or a record of them. */
interface FindingSink {
  add(stepId: number, messageId: string, values: Record<string, string | number>): void;
}

/** The sets of one class whose name has the rule's prefix, in `ofType` order, each with its template. */
interface StandardSets {
  /** `at`: the set's position in `ofType(setClass)` (and in `setReads`). */
  readonly entries: readonly {
    set: number;
    at: number;
    name: string;
    template: SetTemplateView | undefined;
  }[];
  /** By ordinal: 1 + the index in `entries` of a set with a template, 0 otherwise. */
  readonly templateAt: Int32Array;
  readonly templated: number;
}

const standardSetsCache = new WeakMap<View, Map<SetClass, StandardSets>>();

/** Each set's name read once, shared by the set pass and the relationship pass of PSE001 and QTY001. */
function standardSets(view: View, setClass: SetClass): StandardSets {
  let byClass = standardSetsCache.get(view);
  if (!byClass) {
    byClass = new Map();
    standardSetsCache.set(view, byClass);
  }
  let found = byClass.get(setClass);
  if (!found) {
    const namePrefix = setClass === 'IfcPropertySet' ? 'Pset_' : 'Qto_';
    // IFC2X3 has no quantity set templates: only the method of measurement is checked there.
    const tableless = namePrefix === 'Qto_' && view.schema === 'IFC2X3';
    const templates = setTemplates(view.schema);
    const entries: { set: number; at: number; name: string; template: SetTemplateView | undefined }[] = [];
    const templateAt = new Int32Array(view.model.instanceCount);
    let templated = 0;
    const sets = view.ofType(setClass);
    const names = setNames(view, setClass);
    for (let i = 0; i < sets.length; i++) {
      const set = sets[i]!;
      const name = names[i]!;
      if (name === null || !name.startsWith(namePrefix)) continue;
      const template = tableless ? undefined : templates.get(name);
      entries.push({ set, at: i, name, template });
      if (template) {
        templateAt[view.model.ordinalOf(set)] = entries.length;
        templated++;
      }
    }
    found = { entries, templateAt, templated };
    byClass.set(setClass, found);
  }
  return found;
}

/** What the relationship pass found for each rule, replayed by the rule when it runs. */
const applicabilityCache = new WeakMap<View, Map<SetClass, Recorded[]>>();

const SET_CLASSES: readonly [SetClass, string][] = [
  ['IfcPropertySet', 'validity.PSE001'],
  ['IfcElementQuantity', 'validity.QTY001'],
];

/**
 * The objects standard sets are attached to, read from the relationships (IfcRelDefinesByProperties,
 * then the type objects' HasPropertySets) rather than from a map of set to objects: one pass over
 * them for both PSE001 and QTY001, each rule's findings in the order its own pass would give.
 */
function applicabilityFindings(view: View, setClass: SetClass): readonly Recorded[] {
  let byClass = applicabilityCache.get(view);
  if (!byClass) {
    byClass = new Map();
    const kinds = SET_CLASSES.map(([cls, prefix]) => {
      const recorded: Recorded[] = [];
      byClass!.set(cls, recorded);
      const sets = standardSets(view, cls);
      const sink: FindingSink = { add: (id, message, values) => recorded.push([id, message, values]) };
      return { sets, prefix, sink };
    }).filter((k) => k.sets.templated > 0);
    applicabilityCache.set(view, byClass);
    if (kinds.length === 0) return byClass.get(setClass)!;
    const { model } = view;
    const templateOf = (kind: SetKind, set: number) => {
      const k = model.ordinalOf(set);
      const at = k < 0 ? 0 : kind.sets.templateAt[k]!;
      return at === 0 ? undefined : kind.sets.entries[at - 1]!.template;
    };
    const types: number[] = [];
    const typeObject = view.classSet('IfcTypeObject');
    // The relationships' objects judged first from the relation rows (object by object, the order
    // of no use for a report): a set none of whose objects gives a finding is not read again below,
    // and with no such set at all the relationships are not read. The rows hold every object and
    // set the pass below reads (references at any depth; IfcRelDefinesByProperties and subtypes).
    const suspect = suspectSets(view, kinds, templateOf);
    for (const rel of suspect === null ? [] : view.ofType('IfcRelDefinesByProperties')) {
      let objects: number[] | null = null;
      for (const set of view.refs(rel, 'RelatingPropertyDefinition')) {
        if (suspect![model.ordinalOf(set)] !== 1) continue;
        for (const kind of kinds) {
          const template = templateOf(kind, set);
          if (!template) continue;
          objects ??= view.refs(rel, 'RelatedObjects');
          types.length = 0;
          for (const object of objects) {
            if (view.isIn(object, typeObject)) types.push(object);
            else checkObject(view, kind.sink, set, template, object, false, kind.prefix);
          }
          for (const type of types) checkObject(view, kind.sink, set, template, type, true, kind.prefix);
        }
      }
    }
    for (const type of view.ofType('IfcTypeObject')) {
      for (const set of view.refs(type, 'HasPropertySets')) {
        for (const kind of kinds) {
          const template = templateOf(kind, set);
          if (template) checkObject(view, kind.sink, set, template, type, true, kind.prefix);
        }
      }
    }
  }
  return byClass.get(setClass)!;
}

/** A kind of set with its standard sets, for `suspectSets`. */
interface SetKind {
  readonly sets: StandardSets;
  readonly prefix: string;
}

/**
 * By ordinal, 1 for each standard set with a template that some object gives a finding through
 * IfcRelDefinesByProperties, judged from the relation rows ('definesByProperties': object → its
 * definitions); null when there is none. A superset of what the relationships give (the rows
 * also hold references nested deeper), so a set left out gives no finding there.
 */
function suspectSets(
  view: View,
  kinds: readonly SetKind[],
  templateOf: (kind: SetKind, set: number) => SetTemplateView | undefined,
): Uint8Array | null {
  const { model } = view;
  const column = model.relationTargetColumn('definesByProperties');
  if (column.length === 0) return null;
  const typeObject = view.classSet('IfcTypeObject');
  let suspect: Uint8Array | null = null;
  let set = -1;
  const flag: FindingSink = {
    add: () => {
      suspect ??= new Uint8Array(model.instanceCount);
      suspect[model.ordinalOf(set)] = 1;
    },
  };
  for (const object of model.relationSources('definesByProperties')) {
    const k = model.ordinalOf(object);
    const count = model.relationTargetCount('definesByProperties', k);
    const asType = view.isIn(object, typeObject);
    const first = model.relationFirstTarget('definesByProperties', k);
    for (let i = 0; i < count; i++) {
      set = column[first + i]!;
      for (const kind of kinds) {
        const template = templateOf(kind, set);
        if (template) checkObject(view, flag, set, template, object, asType, kind.prefix);
      }
    }
  }
  return suspect;
}

function checkStandardSets(view: View, out: Findings, setClass: SetClass, messagePrefix: string): void {
  const tableless = setClass === 'IfcElementQuantity' && view.schema === 'IFC2X3';
  const { entries, templated } = standardSets(view, setClass);
  // A member's findings follow from its template, its class and the bytes `memberKeys` reads
  // (an enumerated value's from its values too): per template, per key, 1 when a member written so
  // gave none (the next ones are not read), 2 when it gave some or is an enumerated value.
  const keys = memberKeys(view);
  const enumerated = view.classSet('IfcPropertyEnumeratedValue');
  const judged = new Map<SetTemplateView, number[]>();
  const { memberStarts, members: memberColumn, methods } = setReads(view, setClass);
  const method = (set: number, at: number) => checkMethod(view, out, set, messagePrefix, methods![at]!);
  for (const { set, at, name, template } of entries) {
    out.activate();
    if (tableless) {
      method(set, at);
      continue;
    }
    if (!template) {
      out.add(set, `${messagePrefix}.unknownSet`, { name });
      if (setClass === 'IfcElementQuantity') method(set, at);
      continue;
    }
    let verdicts = judged.get(template);
    if (!verdicts) {
      verdicts = [];
      judged.set(template, verdicts);
    }
    for (let m = memberStarts[at]!; m < memberStarts[at + 1]!; m++) {
      const property = memberColumn[m]!;
      const key = keys.keyOf(property);
      if (key >= 0 && verdicts[key] === 1) continue;
      const before = out.count;
      checkMember(view, out, setClass, set, name, template, property, messagePrefix);
      if (key >= 0)
        verdicts[key] =
          out.count === before && !(setClass === 'IfcPropertySet' && view.isIn(property, enumerated)) ? 1 : 2;
    }
    if (setClass === 'IfcElementQuantity') method(set, at);
  }
  if (templated === 0) return;
  for (const [id, message, values] of applicabilityFindings(view, setClass)) out.add(id, message, values);
}

/** One member of a standard set against its template: known, of the template's kind and data type. */
function checkMember(
  view: View,
  out: Findings,
  setClass: SetClass,
  set: number,
  name: string,
  template: SetTemplateView,
  property: number,
  messagePrefix: string,
): void {
  const propertyName = view.str(property, 'Name');
  const expected = propertyName === null ? undefined : template.property.get(propertyName);
  if (!expected) {
    out.add(set, `${messagePrefix}.unknownProperty`, { name, property: propertyName ?? '' });
    return;
  }
  if (!view.is(property, expected.propertyClass)) {
    out.add(set, `${messagePrefix}.propertyKind`, {
      property: expected.name,
      expected: expected.propertyClass,
      actual: view.className(property),
    });
  }
  if (setClass === 'IfcPropertySet') checkDataType(view, out, set, property, expected, messagePrefix);
}

/** A quantity set's MethodOfMeasurement is 'BaseQuantities'; `key`: its written key (`setReads`). */
function checkMethod(view: View, out: Findings, set: number, prefix: string, key: number): void {
  const { base } = methodVerdicts(view);
  if (key >= 0 && base[key] === 1) return;
  const method = view.str(set, 'MethodOfMeasurement');
  if (key >= 0) base[key] = method === 'BaseQuantities' ? 1 : 2;
  if (method !== 'BaseQuantities') out.add(set, `${prefix}.method`, { actual: method ?? '' });
}

/** A template's data type as the decoder spells a typed value's type ('IfcLabel ' → 'IFCLABEL'), per name once. */
const upperDataTypes = new Map<string, string>();
function upperDataType(dataType: string): string {
  let upper = upperDataTypes.get(dataType);
  if (upper === undefined) {
    upper = dataType.trim().toUpperCase();
    upperDataTypes.set(dataType, upper);
  }
  return upper;
}

function checkDataType(
  view: View,
  out: Findings,
  set: number,
  property: number,
  expected: SetTemplateView['properties'][number],
  prefix: string,
): void {
  if (view.is(property, 'IfcPropertySingleValue')) {
    if (expected.dataType === '') return;
    // The typed value's type read from the bytes (interned), the value itself left undecoded.
    const type = view.model.attributeTypeName(property, 'NominalValue');
    if (type !== null && type !== upperDataType(expected.dataType)) {
      out.add(set, `${prefix}.dataType`, {
        property: expected.name,
        expected: expected.dataType,
        actual: view.tables.types.get(type)?.name ?? type,
      });
    }
  } else if (view.is(property, 'IfcPropertyEnumeratedValue')) {
    const values = view.attr(property, 'EnumerationValues');
    if (values?.kind !== 'list') return;
    for (const item of values.items) {
      const inner = item.kind === 'typed' ? item.value : item;
      const text = inner.kind === 'string' ? inner.value : null;
      if (text === null || !expected.values.includes(text)) {
        out.add(set, `${prefix}.enumeration`, {
          property: expected.name,
          actual: text ?? String('value' in inner ? inner.value : ''),
        });
      }
    }
  }
}

export const PSE001: Rule = {
  id: 'PSE001',
  severity: 'error',
  check: (view, out) => checkStandardSets(view, out, 'IfcPropertySet', 'validity.PSE001'),
};

export const QTY001: Rule = {
  id: 'QTY001',
  severity: 'error',
  check: (view, out) => checkStandardSets(view, out, 'IfcElementQuantity', 'validity.QTY001'),
};

export const PSE002: Rule = {
  id: 'PSE002',
  severity: 'warning',
  check(view, out) {
    // The names PSE001 read (one read of each set's name for both rules).
    const sets = view.ofType('IfcPropertySet');
    const names = setNames(view, 'IfcPropertySet');
    for (let i = 0; i < sets.length; i++) {
      const set = sets[i]!;
      const name = names[i]!;
      if (name === null || name.startsWith('Pset_')) continue;
      if (name !== '') out.activate();
      if (/^[Pp][Ss][Ee][Tt]/.test(name)) out.add(set, 'validity.PSE002.name', { name });
    }
  },
};

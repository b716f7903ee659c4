/**
 * Semantic audit of an IDS: what the XSD cannot see but makes a specification impossible to satisfy
 * (the conformance suite's "invalid" cases). Each rule is checked against every IFC version the
 * specification lists. Rules:
 *  - a prohibited specification (maxOccurs="0") must not have requirements;
 *  - entity names (simple or enumerated) are upper case and exist in every listed schema; a pattern
 *    must match at least one entity; a predefinedType needs a class that has a PredefinedType;
 *  - a required attribute named on a known class must be one of its (explicit) attributes, so
 *    derived and inverse attributes are refused; values cannot be checked on object or select
 *    attributes; a value literal must fit the attribute's type (42.0 is not an integer);
 *  - a property dataType must be a defined type or enumeration of each listed schema, and value
 *    literals must fit it (booleans are lowercase true/false, integers have no decimals);
 *  - a requirement entity facet must accept at least one class (and predefined type) the
 *    applicability names, or no applicable element could ever pass (the XSD's own advice);
 *  - patterns only apply to strings; restriction facets must be well-formed (patterns compile,
 *    bounds are numbers, lengths are non-negative integers, the base type is known).
 */

import type { SchemaTables } from '@plumbline/ifc';
import type { IfcSchemaId } from '@plumbline/ifc/model';
import type {
  AttributeFacet,
  EntityFacet,
  Facet,
  IdsValue,
  PropertyFacet,
  SourceLocation,
  Specification,
} from '../document';
import { isValidLexical, normaliseBase, type XsdBase } from '../restriction/lexical';
import { compileValue } from '../restriction/matcher';
import { compileXsdPattern, XsdPatternError } from '../restriction/xsd-regex';
import type { ValidationProblem } from '../results';
import { ifc2x3Mapping } from './ifc2x3-mapping';
import {
  attributeCategory,
  categoryOfType,
  entityNames,
  isDataType,
  isSchemaId,
  tablesFor,
  type ValueCategory,
} from './schema-lookup';

type Report = (at: SourceLocation, message: string) => void;

/** Literal strings a value enumerates (simple value or enumeration), or null for open restrictions. */
function finiteValues(v: IdsValue): readonly string[] | null {
  if (v.kind === 'simple') return [v.value];
  if (v.patterns.length || v.minInclusive || v.maxInclusive || v.minExclusive || v.maxExclusive) return null;
  if (v.length || v.minLength || v.maxLength) return null;
  return v.enumeration.length > 0 ? v.enumeration : null;
}

function lexicalBase(category: ValueCategory): XsdBase | null {
  switch (category) {
    case 'integer':
      return 'integer';
    case 'real':
      return 'double';
    case 'boolean':
    case 'logical':
      return 'boolean';
    default:
      return null;
  }
}

/** Checks the restriction's own well-formedness. */
function auditValue(v: IdsValue, at: SourceLocation, what: string, report: Report): void {
  if (v.kind === 'simple') return;
  const base = normaliseBase(v.base);
  if (!base) report(at, `${what}: xs:restriction base "${v.base}" is not a supported XSD type.`);
  for (const p of v.patterns) {
    try {
      compileXsdPattern(p);
    } catch (err) {
      if (err instanceof XsdPatternError) report(at, `${what}: ${err.message}.`);
      else throw err;
    }
  }
  for (const key of ['minInclusive', 'maxInclusive', 'minExclusive', 'maxExclusive'] as const) {
    const raw = v[key];
    if (raw !== undefined && !isValidLexical('double', raw.trim()))
      report(at, `${what}: ${key} "${raw}" is not a number.`);
  }
  for (const key of ['length', 'minLength', 'maxLength'] as const) {
    const raw = v[key];
    if (raw !== undefined && !/^\s*\d+\s*$/.test(raw))
      report(at, `${what}: ${key} "${raw}" is not a non-negative integer.`);
  }
  if (base && base !== 'string') {
    for (const e of v.enumeration) {
      if (!isValidLexical(base, e))
        report(at, `${what}: enumeration value "${e}" is not a valid xs:${v.base}.`);
    }
  }
}

/** Checks value literals against the category of data they will be compared with. */
function auditValueAgainst(
  v: IdsValue,
  category: ValueCategory,
  at: SourceLocation,
  what: string,
  report: Report,
): void {
  const base = lexicalBase(category);
  if (v.kind === 'restriction' && v.patterns.length > 0 && base !== null) {
    report(at, `${what}: a pattern only applies to text, but the value is a number or a boolean.`);
  }
  if (!base) return;
  const literals = v.kind === 'simple' ? [v.value] : v.enumeration;
  for (const literal of literals) {
    if (!isValidLexical(base, literal)) {
      const kind =
        base === 'double' ? 'a number' : base === 'integer' ? 'an integer' : 'a boolean (true or false)';
      report(at, `${what}: "${literal}" is not ${kind}.`);
    }
  }
}

function auditEntityName(
  name: IdsValue,
  predefined: IdsValue | null,
  at: SourceLocation,
  versions: readonly IfcSchemaId[],
  report: Report,
): readonly string[] {
  const finite = finiteValues(name);
  if (finite) {
    for (const cls of finite) {
      if (cls !== cls.toUpperCase()) {
        report(at, `Entity name "${cls}" must be written in upper case (${cls.toUpperCase()}).`);
      }
      for (const version of versions) {
        const known =
          tablesFor(version).hasEntity(cls) || (version === 'IFC2X3' && ifc2x3Mapping(cls) !== null);
        if (!known) report(at, `"${cls}" is not an entity of ${version}.`);
      }
    }
    // A predefined type is impossible only when no named class of the schema has a PredefinedType.
    for (const version of predefined ? versions : []) {
      const tables = tablesFor(version);
      const known = finite
        .map((cls) => (version === 'IFC2X3' ? (ifc2x3Mapping(cls)?.type ?? cls) : cls))
        .filter((cls) => tables.hasEntity(cls));
      if (known.length > 0 && !known.some((cls) => tables.attributeDef(cls, 'PredefinedType'))) {
        report(
          at,
          `${known.map((c) => c.toUpperCase()).join(', ')} ${known.length === 1 ? 'has' : 'have'} no PredefinedType in ${version}, so a predefinedType cannot be required.`,
        );
      }
    }
    return finite.map((c) => c.toUpperCase());
  }
  if (name.kind === 'restriction' && name.patterns.length > 0) {
    try {
      const res = name.patterns.map((p) => compileXsdPattern(p));
      const any = versions.some((v) => entityNames(v).some((cls) => res.some((re) => re.test(cls))));
      if (!any && versions.length > 0)
        report(at, `The entity pattern ${name.patterns.join(' | ')} matches no IFC entity.`);
    } catch {
      // reported by auditValue
    }
  }
  return [];
}

function auditAttribute(
  f: AttributeFacet,
  classes: readonly string[],
  versions: readonly IfcSchemaId[],
  report: Report,
): void {
  if (classes.length === 0) return;
  const names = finiteValues(f.name);
  const found = new Set<string>();
  const checked = new Set<IfcSchemaId>();
  for (const version of versions) {
    const tables: SchemaTables = tablesFor(version);
    if (classes.some((cls) => tables.hasEntity(cls))) checked.add(version);
    for (const cls of classes) {
      const entity = tables.entity(cls);
      if (!entity) continue;
      const matching = names
        ? names.filter((n) => entity.attributeIndex.has(n))
        : entity.attributeNames.filter(
            (n) =>
              f.name.kind === 'restriction' && f.name.patterns.length > 0 && safeTest(f.name.patterns, n),
          );
      // An attribute missing from one applicable class only fails those elements; refuse the
      // facet when no applicable class of this schema has it (checked after the loop).
      if (names) for (const n of names) if (entity.attributeIndex.has(n)) found.add(`${version}:${n}`);
      if (!f.value || matching.length === 0) continue;
      const categories = new Set(matching.map((n) => attributeCategory(tables, cls, n) ?? 'unknown'));
      if (categories.size !== 1) continue;
      const category = [...categories][0] as ValueCategory;
      if (category === 'object' || category === 'select' || category === 'list') {
        const what =
          category === 'object' ? 'an object reference' : category === 'select' ? 'a select' : 'a list';
        report(
          f.location,
          `${cls}.${matching.join('/')} is ${what} in ${version}; its value cannot be checked.`,
        );
      } else {
        auditValueAgainst(f.value, category, f.location, `${cls}.${matching.join('/')}`, report);
      }
    }
  }
  if (!names || f.cardinality !== 'required') return;
  for (const version of checked) {
    for (const n of names) {
      if (!found.has(`${version}:${n}`)) {
        report(
          f.location,
          `${classes.join(', ')} ${classes.length === 1 ? 'has' : 'have'} no attribute "${n}" in ${version} (derived and inverse attributes cannot be checked).`,
        );
      }
    }
  }
}

function safeTest(patterns: readonly string[], s: string): boolean {
  try {
    return patterns.some((p) => compileXsdPattern(p).test(s));
  } catch {
    return false;
  }
}

function auditProperty(f: PropertyFacet, versions: readonly IfcSchemaId[], report: Report): void {
  if (f.dataType === null) return;
  const dt = f.dataType;
  let category: ValueCategory | null = null;
  for (const version of versions) {
    const tables = tablesFor(version);
    if (!isDataType(tables, dt)) {
      report(f.location, `dataType "${dt}" is not a defined type or enumeration of ${version}.`);
      continue;
    }
    category ??= categoryOfType(tables, dt);
  }
  if (f.value && category) auditValueAgainst(f.value, category, f.location, `value of ${dt}`, report);
}

function auditSpecification(spec: Specification, report: Report): void {
  const versions = spec.ifcVersions.filter(isSchemaId);
  for (const v of spec.ifcVersions) {
    if (!isSchemaId(v)) report(spec.location, `ifcVersion "${v}" is not one of IFC2X3, IFC4, IFC4X3_ADD2.`);
  }
  if (spec.cardinality === 'prohibited' && spec.requirements.length > 0) {
    report(
      spec.location,
      `Specification "${spec.name}" is prohibited (maxOccurs="0") and so cannot have requirements.`,
    );
  }
  const appliesTo: string[] = [];
  const all: Facet[] = [...spec.applicability, ...spec.requirements];
  for (const f of all) {
    switch (f.type) {
      case 'entity': {
        auditValue(f.name, f.location, 'entity name', report);
        if (f.predefinedType) auditValue(f.predefinedType, f.location, 'predefinedType', report);
        const classes = auditEntityName(f.name, f.predefinedType, f.location, versions, report);
        if (spec.applicability.includes(f)) appliesTo.push(...classes);
        break;
      }
      case 'partOf':
        auditValue(f.entity.name, f.location, 'partOf entity name', report);
        if (f.entity.predefinedType)
          auditValue(f.entity.predefinedType, f.location, 'partOf predefinedType', report);
        auditEntityName(f.entity.name, f.entity.predefinedType, f.location, versions, report);
        break;
      case 'attribute':
        auditValue(f.name, f.location, 'attribute name', report);
        if (f.value) auditValue(f.value, f.location, 'attribute value', report);
        break;
      case 'property':
        auditValue(f.propertySet, f.location, 'propertySet', report);
        auditValue(f.baseName, f.location, 'baseName', report);
        if (f.value) auditValue(f.value, f.location, 'property value', report);
        if (f.dataType !== null && !/^[A-Z0-9_]+$/.test(f.dataType))
          report(f.location, `dataType "${f.dataType}" must be upper case.`);
        auditProperty(f, versions, report);
        break;
      case 'classification':
        if (f.system) auditValue(f.system, f.location, 'classification system', report);
        if (f.value) auditValue(f.value, f.location, 'classification value', report);
        break;
      case 'material':
        if (f.value) auditValue(f.value, f.location, 'material value', report);
        break;
    }
  }
  for (const f of all) if (f.type === 'attribute') auditAttribute(f, appliesTo, versions, report);
  auditEntityRequirements(spec, report);
}

/** A required entity that no applicable class (or predefined type) can satisfy. */
function auditEntityRequirements(spec: Specification, report: Report): void {
  const applicable = spec.applicability.find((f): f is EntityFacet => f.type === 'entity');
  if (!applicable) return;
  const classes = finiteValues(applicable.name);
  if (!classes) return;
  const types = applicable.predefinedType ? finiteValues(applicable.predefinedType) : null;
  for (const f of spec.requirements) {
    if (f.type !== 'entity') continue;
    const name = compileValue(f.name);
    if (!classes.some((c) => name.matchesString(c))) {
      report(
        f.location,
        `The required entity ${name.exact ?? name.description} can never match the applicable ${classes.join(', ')} (subtypes do not match).`,
      );
      continue;
    }
    if (types && f.predefinedType) {
      const pt = compileValue(f.predefinedType);
      // A user-defined type answers to its name and to USERDEFINED, so USERDEFINED on either side
      // can meet any name on the other.
      const userDefined = types.includes('USERDEFINED') || pt.matchesString('USERDEFINED');
      if (!userDefined && !types.some((t) => pt.matchesString(t))) {
        report(
          f.location,
          `The required predefined type ${pt.description} can never match the applicable ${types.join(', ')}.`,
        );
      }
    }
  }
}

export function auditDocument(specifications: readonly Specification[]): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const seen = new Set<string>();
  const report: Report = (at, message) => {
    const key = `${at.line}:${at.column}:${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push({ line: at.line, column: at.column, message });
  };
  for (const spec of specifications) auditSpecification(spec, report);
  return problems;
}

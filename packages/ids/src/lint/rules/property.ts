/**
 * Property facets against IFC's data types and the standard property sets (IFC4, IFC4X3_ADD2):
 * unknown or lower-case dataTypes (errors), custom sets named with the reserved Pset_/Qto_
 * prefixes, standard sets on classes they are not defined for, properties a standard set does not
 * have, dataTypes that contradict the standard property, values outside its enumeration, lengths
 * that look like millimetres. IFC2X3's sets are not in the tables: its specifications get none of
 * the set checks.
 */
import type { IfcSchemaId } from '@plumbline/ifc/model';
import type { StandardProperty, StandardPropertySet } from '@plumbline/ifc/schema/property-sets';
import { categoryOfType, isDataType, type ValueCategory } from '../../audit/schema-lookup';
import type { PropertyFacet } from '../../document';
import { parseDouble } from '../../restriction/lexical';
import type { FixSpec, LintContext } from '../context';
import { dataTypeInfo, psetTables, tablesFor } from '../schema';
import { closestNames, isSafeSuggestion } from '../suggest';
import type { TextIndex } from '../text-index';
import { finiteValues, type Literal, literalsOf, replaceAttribute } from '../values';
import { replacementFixes } from './entity';
import { checkValue } from './value';

const RESERVED = /^(pset|qto)_/i;
const LENGTHS = new Set(['IFCLENGTHMEASURE', 'IFCPOSITIVELENGTHMEASURE', 'IFCNONNEGATIVELENGTHMEASURE']);
/** A length from this many metres up, written as a whole number, is most likely millimetres. */
const MILLIMETRE_HINT = 100;

function dataTypeNames(version: IfcSchemaId): string[] {
  const tables = tablesFor(version);
  return [...tables.types.keys()].filter((t) => isDataType(tables, t));
}

/** The occurrence class a class name stands for (a type object's occurrence), for applicability. */
function occurrence(version: IfcSchemaId, cls: string): string {
  const tables = tablesFor(version);
  return cls.endsWith('TYPE') && tables.hasEntity(cls.slice(0, -4)) ? cls.slice(0, -4) : cls;
}

function applies(version: IfcSchemaId, set: StandardPropertySet, cls: string): boolean {
  const tables = tablesFor(version);
  if (!tables.hasEntity(cls)) return true;
  return set.applicableClasses.some((a) =>
    tables.isSubtypeOf(occurrence(version, cls), occurrence(version, a)),
  );
}

function checkDataTypeName(
  ctx: LintContext,
  f: PropertyFacet,
  versions: readonly IfcSchemaId[],
): ValueCategory | null {
  const dt = f.dataType;
  if (dt === null) return null;
  const facetEl = ctx.source(f);
  if (!/^[A-Z0-9_]+$/.test(dt)) {
    const upper = dt.toUpperCase();
    ctx.report({
      rule: 'datatype-not-uppercase',
      at: facetEl,
      part: { attribute: 'dataType' },
      params: { dataType: dt, upper },
      fixes: (text) => dataTypeFixOf(ctx)(text, f, upper, true),
    });
  }
  let category: ValueCategory | null = null;
  const missing: IfcSchemaId[] = [];
  for (const version of versions) {
    const tables = tablesFor(version);
    if (!isDataType(tables, dt)) missing.push(version);
    else category ??= categoryOfType(tables, dt);
  }
  if (missing.length > 0) {
    const suggestions = closestNames(dt.toUpperCase(), new Set(missing.flatMap(dataTypeNames)));
    ctx.report({
      rule: 'datatype-unknown',
      at: facetEl,
      part: { attribute: 'dataType' },
      messageId: suggestions.length > 0 ? 'lint.datatype-unknown.suggest' : 'lint.datatype-unknown',
      params: {
        dataType: dt,
        versions: missing.join(', '),
        suggestions: suggestions.map((s) => s.name).join(', '),
      },
      fixes: (text) =>
        suggestions.flatMap((s, i) =>
          dataTypeFixOf(ctx)(text, f, s.name, i === 0 && isSafeSuggestion(suggestions)),
        ),
    });
  }
  return category;
}

/** Sets dataType (replacing it, or adding it after the element's name). */
function dataTypeFixOf(ctx: LintContext) {
  return (text: TextIndex, f: PropertyFacet, dataType: string, safe: boolean): FixSpec[] => {
    const el = ctx.source(f);
    if (!el) return [];
    const edit =
      f.dataType !== null
        ? replaceAttribute(text, el, 'dataType', dataType)
        : {
            start: text.afterElementName(el),
            end: text.afterElementName(el),
            newText: ` dataType="${dataType}"`,
          };
    return edit ? [{ messageId: 'lint.fix.datatype', params: { dataType }, safe, edits: [edit] }] : [];
  };
}

interface StandardMatch {
  readonly version: IfcSchemaId;
  readonly set: StandardPropertySet;
}

function standardSets(
  ctx: LintContext,
  f: PropertyFacet,
  versions: readonly IfcSchemaId[],
  classes: readonly string[],
): StandardMatch[] {
  const withTables = versions.filter((v) => psetTables(v) !== null);
  if (withTables.length === 0) return [];
  const matches: StandardMatch[] = [];
  for (const literal of literalsOf(ctx, f.propertySet)) {
    const name = literal.value;
    const found = withTables.flatMap((version) => {
      const set = psetTables(version)?.propertySet(name);
      return set ? [{ version, set }] : [];
    });
    matches.push(...found);
    if (found.length === 0 && RESERVED.test(name)) {
      const candidates = new Set(withTables.flatMap((v) => psetTables(v)?.names() ?? []));
      const suggestions = closestNames(name, candidates);
      ctx.report({
        rule: 'pset-reserved-prefix',
        at: literal.el,
        part: literal.part,
        messageId: suggestions.length > 0 ? 'lint.pset-reserved-prefix.suggest' : 'lint.pset-reserved-prefix',
        params: {
          name,
          versions: withTables.join(', '),
          suggestions: suggestions.map((s) => s.name).join(', '),
        },
        fixes: replacementFixes(
          literal,
          suggestions.map((s) => s.name),
          false,
        ),
      });
    }
    if (found.length > 0 && classes.length > 0) {
      const inapplicable = classes.filter((cls) =>
        found.every(({ version, set }) => !applies(version, set, cls)),
      );
      if (inapplicable.length === classes.length)
        ctx.report({
          rule: 'pset-not-applicable',
          at: literal.el,
          part: literal.part,
          params: {
            name,
            classes: classes.join(', '),
            count: classes.length,
            applicable: (found[0] as StandardMatch).set.applicableClasses.slice(0, 6).join(', '),
          },
        });
    }
  }
  return matches;
}

function checkStandardProperty(
  ctx: LintContext,
  f: PropertyFacet,
  sets: readonly StandardMatch[],
): StandardProperty[] {
  const facetEl = ctx.source(f);
  const standard: StandardProperty[] = [];
  for (const literal of literalsOf(ctx, f.baseName)) {
    const name = literal.value;
    const found = sets.flatMap(({ set }) => {
      const p = set.properties.get(name);
      return p ? [p] : [];
    });
    if (found.length === 0) {
      const candidates = new Set(sets.flatMap(({ set }) => [...set.properties.keys()]));
      const suggestions = closestNames(name, candidates);
      ctx.report({
        rule: 'property-unknown',
        at: literal.el,
        part: literal.part,
        messageId: suggestions.length > 0 ? 'lint.property-unknown.suggest' : 'lint.property-unknown',
        params: {
          name,
          set: (sets[0] as StandardMatch).set.name,
          suggestions: suggestions.map((s) => s.name).join(', '),
        },
        fixes: replacementFixes(
          literal,
          suggestions.map((s) => s.name),
          isSafeSuggestion(suggestions),
        ),
      });
      continue;
    }
    standard.push(...found);
    for (const { version, set } of sets)
      if (set.properties.get(name)?.deprecated)
        ctx.report({
          rule: 'property-deprecated',
          at: literal.el,
          part: literal.part,
          params: { name, set: set.name, version },
        });
  }
  const types = [...new Set(standard.map((p) => p.dataType).filter((t): t is string => t !== null))];
  const wanted = types[0];
  if (wanted && f.dataType !== null && /^[A-Z0-9_]+$/.test(f.dataType) && !types.includes(f.dataType)) {
    ctx.report({
      rule: 'datatype-mismatch',
      at: facetEl,
      part: { attribute: 'dataType' },
      params: { dataType: f.dataType, standard: types.join(', ') },
      fixes: (text) => dataTypeFixOf(ctx)(text, f, wanted, types.length === 1),
    });
  }
  if (wanted && f.dataType === null && f.value) {
    ctx.report({
      rule: 'datatype-missing',
      at: facetEl,
      messageId: 'lint.datatype-missing.standard',
      params: { standard: wanted },
      fixes: (text) => dataTypeFixOf(ctx)(text, f, wanted, false),
    });
  }
  return standard;
}

function checkEnumerated(ctx: LintContext, f: PropertyFacet, standard: readonly StandardProperty[]): void {
  const allowed = new Set(standard.filter((p) => p.kind === 'enumerated').flatMap((p) => p.enumeration));
  if (allowed.size === 0 || !f.value || !finiteValues(f.value)) return;
  for (const literal of literalsOf(ctx, f.value)) {
    if (allowed.has(literal.value)) continue;
    const suggestions = closestNames(literal.value, allowed);
    ctx.report({
      rule: 'value-not-in-standard-enumeration',
      at: literal.el,
      part: literal.part,
      params: { value: literal.value, allowed: [...allowed].slice(0, 12).join(', ') },
      fixes: replacementFixes(
        literal,
        suggestions.map((s) => s.name),
        suggestions[0]?.distance === 0,
      ),
    });
  }
}

function checkMillimetres(ctx: LintContext, f: PropertyFacet, dataType: string | null): void {
  if (!dataType || !LENGTHS.has(dataType) || !f.value) return;
  const v = f.value;
  const numbers: Literal[] =
    v.kind === 'simple'
      ? literalsOf(ctx, v)
      : (['minInclusive', 'maxInclusive', 'minExclusive', 'maxExclusive'] as const).flatMap((k) => {
          const raw = v[k];
          return raw === undefined ? [] : [{ value: raw, el: ctx.valueSource(v), part: 'startTag' as const }];
        });
  const large = numbers.find(
    (n) => /^\s*[+-]?\d+\s*$/.test(n.value) && Math.abs(parseDouble(n.value.trim())) >= MILLIMETRE_HINT,
  );
  if (large)
    ctx.report({
      rule: 'measure-not-si',
      at: large.el,
      part: large.part,
      params: { value: large.value.trim(), dataType, metres: parseDouble(large.value.trim()) / 1000 },
    });
}

/** Every check of a property facet; `classes`: the applicable classes (upper case), when finitely known. */
export function checkProperty(
  ctx: LintContext,
  f: PropertyFacet,
  classes: readonly string[],
  versions: readonly IfcSchemaId[],
): void {
  checkValue(ctx, f.propertySet, 'propertySet');
  checkValue(ctx, f.baseName, 'baseName');
  const category = checkDataTypeName(ctx, f, versions);
  const known = f.dataType !== null && /^[A-Z0-9_]+$/.test(f.dataType) ? f.dataType : null;
  checkValue(ctx, f.value, 'value', {
    category,
    base: known ? (dataTypeInfo(known)?.base ?? null) : null,
    dataType: known,
  });
  if (!ctx.wants('pset-reserved-prefix') || !finiteValues(f.propertySet)) return;
  const sets = standardSets(ctx, f, versions, classes);
  const standard = sets.length > 0 && finiteValues(f.baseName) ? checkStandardProperty(ctx, f, sets) : [];
  checkEnumerated(ctx, f, standard);
  checkMillimetres(ctx, f, known ?? standard.find((p) => p.dataType)?.dataType ?? null);
  if (!known && f.dataType === null && f.value && standard.length === 0)
    ctx.report({ rule: 'datatype-missing', at: ctx.source(f) });
}

/**
 * Entity names and predefined types (entity facets and partOf's entity), for every IFC version the
 * specification lists: unknown or lower-case names (errors: the class can never match), patterns
 * matching no class, abstract and deprecated classes, predefined types the class does not have.
 */
import type { IfcSchemaId } from '@plumbline/ifc/model';
import { ifc2x3Mapping } from '../../audit/ifc2x3-mapping';
import type { IdsValue } from '../../document';
import { compileXsdPattern } from '../../restriction/xsd-regex';
import type { FixSpec, LintContext } from '../context';
import { deprecatedEntity, entityNames, isDeprecatedPredefinedType, tablesFor } from '../schema';
import { closestNames, isSafeSuggestion } from '../suggest';
import type { TextIndex } from '../text-index';
import { finiteValues, type Literal, literalsOf, replaceLiteral } from '../values';
import { checkValue } from './value';

/** Quick fixes replacing a literal by each suggested name (the first safe when `safe`). */
export function replacementFixes(
  literal: Literal,
  names: readonly string[],
  safe: boolean,
): (text: TextIndex) => FixSpec[] {
  return (text) =>
    names.flatMap((name, i) => {
      const edit = replaceLiteral(text, literal, name);
      return edit
        ? [{ messageId: 'lint.fix.replace', params: { value: name }, safe: safe && i === 0, edits: [edit] }]
        : [];
    });
}

function knownIn(version: IfcSchemaId, cls: string): boolean {
  return tablesFor(version).hasEntity(cls) || (version === 'IFC2X3' && ifc2x3Mapping(cls) !== null);
}

function checkClass(ctx: LintContext, literal: Literal, versions: readonly IfcSchemaId[]): void {
  const cls = literal.value;
  const upper = cls.toUpperCase();
  if (cls !== upper) {
    ctx.report({
      rule: 'entity-not-uppercase',
      at: literal.el,
      part: literal.part,
      params: { name: cls, upper },
      fixes: replacementFixes(literal, [upper], true),
    });
  }
  const missing = versions.filter((v) => !knownIn(v, cls));
  if (missing.length > 0) {
    const suggestions = closestNames(upper, new Set(missing.flatMap((v) => entityNames(v))));
    ctx.report({
      rule: 'entity-unknown',
      at: literal.el,
      part: literal.part,
      params: {
        name: cls,
        versions: missing.join(', '),
        suggestions: suggestions.map((s) => s.name).join(', '),
      },
      messageId: suggestions.length > 0 ? 'lint.entity-unknown.suggest' : 'lint.entity-unknown',
      fixes: replacementFixes(
        literal,
        suggestions.map((s) => s.name),
        isSafeSuggestion(suggestions),
      ),
    });
  }
  for (const version of versions) {
    const def = tablesFor(version).entity(upper);
    if (def?.abstract) {
      const concrete: string[] = [];
      const walk = (e: typeof def) => {
        for (const s of e.subtypes) {
          if (concrete.length >= 3) return;
          if (!s.abstract) concrete.push(s.upper);
          else walk(s);
        }
      };
      walk(def);
      ctx.report({
        rule: 'entity-abstract',
        at: literal.el,
        part: literal.part,
        params: { name: upper, version, examples: concrete.join(', ') },
      });
    }
    const deprecated = deprecatedEntity(version, upper);
    if (deprecated) {
      const replacement = deprecated.replacement;
      ctx.report({
        rule: 'entity-deprecated',
        at: literal.el,
        part: literal.part,
        messageId: replacement ? 'lint.entity-deprecated.replacement' : 'lint.entity-deprecated',
        params: { name: upper, version, replacement: replacement ?? '' },
        fixes: replacementFixes(literal, replacement ? [replacement] : [], false),
      });
    }
  }
}

/** The class whose PredefinedType applies to `cls` in `version` (IFC2X3: its type object), or null. */
function predefinedTypeOwner(version: IfcSchemaId, cls: string): string | null {
  const tables = tablesFor(version);
  const owner = version === 'IFC2X3' ? (ifc2x3Mapping(cls)?.type ?? cls) : cls;
  return tables.hasEntity(owner) && tables.attributeDef(owner, 'PredefinedType') ? owner : null;
}

function checkPredefinedType(
  ctx: LintContext,
  classes: readonly string[],
  predefined: IdsValue,
  versions: readonly IfcSchemaId[],
): void {
  // A predefined type is impossible only when no named class of the schema has a PredefinedType.
  const wrapper = ctx.valueSource(predefined);
  for (const version of versions) {
    const tables = tablesFor(version);
    const known = classes
      .map((cls) => (version === 'IFC2X3' ? (ifc2x3Mapping(cls)?.type ?? cls) : cls))
      .filter((cls) => tables.hasEntity(cls));
    if (known.length > 0 && !known.some((cls) => tables.attributeDef(cls, 'PredefinedType'))) {
      ctx.report({
        rule: 'predefined-type-not-applicable',
        at: wrapper,
        params: { classes: known.map((c) => c.toUpperCase()).join(', '), count: known.length, version },
      });
    }
  }
  const values = finiteValues(predefined);
  if (!values || !ctx.wants('predefined-type-unknown')) return;
  const allowed = new Set<string>();
  let owners = 0;
  for (const version of versions) {
    for (const cls of classes) {
      const owner = predefinedTypeOwner(version, cls);
      if (!owner) continue;
      owners++;
      const type = tablesFor(version).attributeDef(owner, 'PredefinedType')?.type ?? '';
      for (const v of tablesFor(version).enumValues(type) ?? []) allowed.add(v);
    }
  }
  if (owners === 0) return;
  for (const literal of literalsOf(ctx, predefined)) {
    if (!allowed.has(literal.value)) {
      const suggestions = closestNames(literal.value, allowed);
      ctx.report({
        rule: 'predefined-type-unknown',
        at: literal.el,
        part: literal.part,
        params: {
          value: literal.value,
          classes: classes.join(', '),
          suggestions: suggestions.map((s) => s.name).join(', '),
        },
        messageId:
          suggestions.length > 0 ? 'lint.predefined-type-unknown.suggest' : 'lint.predefined-type-unknown',
        fixes: replacementFixes(
          literal,
          suggestions.map((s) => s.name),
          suggestions[0]?.distance === 0,
        ),
      });
    }
    for (const version of versions)
      for (const cls of classes)
        if (isDeprecatedPredefinedType(version, cls, literal.value))
          ctx.report({
            rule: 'predefined-type-deprecated',
            at: literal.el,
            part: literal.part,
            params: { value: literal.value, name: cls, version },
          });
  }
}

/**
 * Checks an entity name (and predefined type) for the listed versions; returns the upper-case
 * classes it names when they are finitely many, else [].
 */
export function checkEntity(
  ctx: LintContext,
  name: IdsValue,
  predefined: IdsValue | null,
  versions: readonly IfcSchemaId[],
): string[] {
  checkValue(ctx, name, 'name');
  checkValue(ctx, predefined, 'predefinedType');
  const finite = finiteValues(name);
  if (finite) {
    for (const literal of literalsOf(ctx, name)) checkClass(ctx, literal, versions);
    const classes = finite.map((c) => c.toUpperCase());
    if (predefined) checkPredefinedType(ctx, classes, predefined, versions);
    return classes;
  }
  if (name.kind === 'restriction' && name.patterns.length > 0 && versions.length > 0) {
    try {
      const res = name.patterns.map((p) => compileXsdPattern(p));
      const any = versions.some((v) => entityNames(v).some((cls) => res.some((re) => re.test(cls))));
      if (!any)
        ctx.report({
          rule: 'entity-pattern-matches-none',
          at: ctx.valueSource(name),
          params: { pattern: name.patterns.join(' | ') },
        });
    } catch {
      // reported by the pattern rules
    }
  }
  return [];
}

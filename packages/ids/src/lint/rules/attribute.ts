/**
 * Attribute facets against the classes the specification applies to: attributes no applicable class
 * has (a required one can never pass: an error, as the conformance suite has it), derived ones,
 * values on object, select or list attributes, literals that do not fit the attribute's type,
 * deprecated attributes.
 */
import type { IfcSchemaId } from '@plumbline/ifc/model';
import { attributeCategory, type ValueCategory } from '../../audit/schema-lookup';
import type { AttributeFacet } from '../../document';
import { compileXsdPattern } from '../../restriction/xsd-regex';
import type { LintContext } from '../context';
import { isDeprecatedAttribute, tablesFor } from '../schema';
import { closestNames, isSafeSuggestion } from '../suggest';
import { finiteValues, literalsOf } from '../values';
import { replacementFixes } from './entity';
import { checkValue } from './value';

function safeTest(patterns: readonly string[], s: string): boolean {
  try {
    return patterns.some((p) => compileXsdPattern(p).test(s));
  } catch {
    return false;
  }
}

/** Checks an attribute facet given the applicable classes (upper case; empty when not finitely known). */
export function checkAttribute(
  ctx: LintContext,
  f: AttributeFacet,
  classes: readonly string[],
  versions: readonly IfcSchemaId[],
): void {
  const facetEl = ctx.source(f);
  checkValue(ctx, f.name, 'name');
  if (classes.length === 0) {
    checkValue(ctx, f.value, 'value');
    return;
  }
  const names = finiteValues(f.name);
  const found = new Set<string>();
  const checked = new Set<IfcSchemaId>();
  let valueChecked = false;
  for (const version of versions) {
    const tables = tablesFor(version);
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
      if (names) for (const n of names) if (entity.attributeIndex.has(n)) found.add(`${version}:${n}`);
      for (const n of matching)
        if (isDeprecatedAttribute(version, cls, n))
          ctx.report({
            rule: 'attribute-deprecated',
            at: facetEl,
            params: { name: n, entity: cls, version },
          });
      if (!f.value || matching.length === 0) continue;
      const categories = new Set(matching.map((n) => attributeCategory(tables, cls, n) ?? 'unknown'));
      if (categories.size !== 1) continue;
      const category = [...categories][0] as ValueCategory;
      const attribute = `${entity.name}.${matching.join('/')}`;
      if (category === 'object' || category === 'select' || category === 'list') {
        ctx.report({
          rule: 'attribute-value-not-comparable',
          at: ctx.valueSource(f.value),
          params: { attribute, kind: category, version },
        });
      } else {
        checkValue(ctx, f.value, 'value', { category });
        valueChecked = true;
      }
    }
  }
  if (!valueChecked) checkValue(ctx, f.value, 'value');
  if (!names) return;
  for (const literal of literalsOf(ctx, f.name)) {
    const n = literal.value;
    const params = { name: n, classes: classes.join(', '), count: classes.length };
    // A derived attribute (`*` in the file, also one a subtype redeclares as derived) never has a value.
    const derivedIn = [...checked].filter((v) =>
      classes.every((cls) => !tablesFor(v).hasEntity(cls) || tablesFor(v).isDerivedAttribute(cls, n)),
    );
    if (f.cardinality === 'required' && checked.size > 0 && derivedIn.length === checked.size) {
      ctx.report({
        rule: 'attribute-derived',
        at: literal.el,
        part: literal.part,
        params: { ...params, versions: derivedIn.join(', ') },
      });
      continue;
    }
    const missing = [...checked].filter((version) => !found.has(`${version}:${n}`));
    if (missing.length === 0) continue;
    const candidates = new Set(
      missing.flatMap((v) => classes.flatMap((cls) => tablesFor(v).entity(cls)?.attributeNames ?? [])),
    );
    const suggestions = closestNames(n, candidates);
    const rule = f.cardinality === 'required' ? 'attribute-unknown' : 'attribute-never-present';
    ctx.report({
      rule,
      at: literal.el,
      part: literal.part,
      messageId: suggestions.length > 0 ? `lint.${rule}.suggest` : `lint.${rule}`,
      params: {
        ...params,
        versions: missing.join(', '),
        suggestions: suggestions.map((s) => s.name).join(', '),
      },
      fixes: replacementFixes(
        literal,
        suggestions.map((s) => s.name),
        isSafeSuggestion(suggestions),
      ),
    });
  }
}

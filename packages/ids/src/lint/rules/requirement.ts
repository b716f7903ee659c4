/**
 * Requirements that can never pass against the specification's own applicability: a required
 * entity the applicable classes can never be (subtypes do not match: an error, as the conformance
 * suite has it), a required predefined type they can never have, a required property or attribute
 * value the applicability already rules out.
 */
import type { EntityFacet, Facet, IdsValue, Specification } from '../../document';
import { compileValue, type ValueMatcher } from '../../restriction/matcher';
import type { LintContext } from '../context';
import { finiteValues } from '../values';

function checkEntityRequirements(ctx: LintContext, spec: Specification): void {
  const applicable = spec.applicability.find((f): f is EntityFacet => f.type === 'entity');
  if (!applicable) return;
  const classes = finiteValues(applicable.name);
  if (!classes) return;
  const types = applicable.predefinedType ? finiteValues(applicable.predefinedType) : null;
  for (const f of spec.requirements) {
    if (f.type !== 'entity') continue;
    const name = compileValue(f.name);
    if (!classes.some((c) => name.matchesString(c))) {
      ctx.report({
        rule: 'requirement-entity-mismatch',
        at: ctx.source(f),
        params: { required: name.exact ?? name.description, applicable: classes.join(', ') },
      });
      continue;
    }
    if (types && f.predefinedType) {
      const pt = compileValue(f.predefinedType);
      // A user-defined type answers to its name and to USERDEFINED, so USERDEFINED on either side
      // can meet any name on the other.
      const userDefined = types.includes('USERDEFINED') || pt.matchesString('USERDEFINED');
      if (!userDefined && !types.some((t) => pt.matchesString(t))) {
        ctx.report({
          rule: 'requirement-predefined-type-mismatch',
          at: ctx.source(f.predefinedType) ?? ctx.source(f),
          params: { required: pt.description, applicable: types.join(', ') },
        });
      }
    }
  }
}

const same = (a: IdsValue, b: IdsValue) => JSON.stringify(a) === JSON.stringify(b);

/** Whether a literal could satisfy the matcher read as text, as a number or as a boolean (the widest reading). */
function mayMatch(matcher: ValueMatcher, literal: string): boolean {
  if (matcher.matchesString(literal)) return true;
  const n = Number(literal);
  if (literal.trim() !== '' && Number.isFinite(n)) {
    if (
      matcher.matches({ value: n, isReal: true }) ||
      (Number.isInteger(n) && matcher.matches({ value: n, isReal: false }))
    )
      return true;
  }
  if (literal === 'true' || literal === 'false')
    return matcher.matches({ value: literal === 'true', isReal: false });
  return false;
}

/** The applicability facet naming the same property or attribute as a requirement, if any. */
function counterpart(applicability: readonly Facet[], r: Facet): Facet | undefined {
  return applicability.find((a) => {
    if (a.type === 'property' && r.type === 'property')
      return (
        finiteValues(a.baseName) !== null &&
        same(a.propertySet, r.propertySet) &&
        same(a.baseName, r.baseName)
      );
    if (a.type === 'attribute' && r.type === 'attribute')
      return finiteValues(a.name) !== null && same(a.name, r.name);
    return false;
  });
}

function checkContradictions(ctx: LintContext, spec: Specification): void {
  for (const r of spec.requirements) {
    if (r.cardinality !== 'required' || (r.type !== 'property' && r.type !== 'attribute')) continue;
    const a = counterpart(spec.applicability, r);
    if (!a || (a.type !== 'property' && a.type !== 'attribute')) continue;
    if (
      a.type === 'property' &&
      r.type === 'property' &&
      a.dataType &&
      r.dataType &&
      a.dataType !== r.dataType
    ) {
      ctx.report({
        rule: 'requirement-contradicts-applicability',
        at: ctx.source(r),
        messageId: 'lint.requirement-contradicts-applicability.datatype',
        params: { applicable: a.dataType, required: r.dataType },
      });
      continue;
    }
    const applicableValues = a.value ? finiteValues(a.value) : null;
    if (!applicableValues || !r.value) continue;
    const required = compileValue(r.value);
    if (!applicableValues.some((v) => mayMatch(required, v))) {
      ctx.report({
        rule: 'requirement-contradicts-applicability',
        at: ctx.source(r),
        params: { applicable: applicableValues.join(', '), required: required.description },
      });
    }
  }
}

export function checkRequirements(ctx: LintContext, spec: Specification): void {
  checkEntityRequirements(ctx, spec);
  if (ctx.wants('requirement-contradicts-applicability') && spec.cardinality !== 'prohibited')
    checkContradictions(ctx, spec);
}

/**
 * Checks a rules file on a model: per rule the elements it applies to, and for each whether it
 * meets the requirement. Each rule costs one pass over its candidates (an entity facet narrows them
 * to one class; else every rooted instance), plus, for a count, the relation index built once.
 */
import type { StepIfcModel } from '@plumbline/ifc';
import type { Finding, MessageRef, RuleOutcome } from '../types';
import { View } from '../view';
import { exprHolds, type Plain, readValue, requiredEntity } from './facets';
import type { ChildRelation, CompareOp, ProjectRule, RulesDocument, ValueRef } from './types';

export interface ProjectRuleResult {
  readonly id: string;
  readonly name: string;
  readonly severity: 'error' | 'warning';
  readonly outcome: RuleOutcome;
  readonly applicableCount: number;
  readonly failedCount: number;
  /** Failing elements (up to the limit). */
  readonly findings: readonly Finding[];
}

export interface ProjectRulesReport {
  readonly title: string | null;
  readonly rules: readonly ProjectRuleResult[];
}

const RELATIONS: Record<Exclude<ChildRelation, 'children'>, [string, string, string]> = {
  aggregates: ['IfcRelAggregates', 'RelatingObject', 'RelatedObjects'],
  contains: ['IfcRelContainedInSpatialStructure', 'RelatingStructure', 'RelatedElements'],
  nests: ['IfcRelNests', 'RelatingObject', 'RelatedObjects'],
};

function children(view: View, id: number, relation: ChildRelation): number[] {
  const kinds = relation === 'children' ? (['aggregates', 'contains', 'nests'] as const) : [relation];
  const out: number[] = [];
  for (const kind of kinds) {
    const [cls, whole, parts] = RELATIONS[kind];
    for (const rel of view.inverseIndex(cls, whole).get(id) ?? []) out.push(...view.refs(rel, parts));
  }
  return out;
}

function describe(ref: ValueRef): string {
  if ('attribute' in ref) return ref.attribute;
  return 'property' in ref ? `${ref.propertySet}.${ref.property}` : `${ref.quantitySet}.${ref.quantity}`;
}

function compare(a: Plain, op: CompareOp, b: Plain, tolerance: number): boolean | null {
  if (typeof a === 'number' && typeof b === 'number') {
    switch (op) {
      case '<':
        return a < b - tolerance;
      case '<=':
        return a <= b + tolerance;
      case '=':
        return Math.abs(a - b) <= tolerance;
      case '!=':
        return Math.abs(a - b) > tolerance;
      case '>=':
        return a >= b - tolerance;
      case '>':
        return a > b + tolerance;
    }
  }
  if (op === '=') return String(a) === String(b);
  if (op === '!=') return String(a) !== String(b);
  return null; // an order on text or booleans is not defined
}

/** The scope an element is judged in for `unique`, or null when it has none (not judged). */
function scopeOf(view: View, id: number, within: 'project' | 'storey' | 'type'): number | null {
  if (within === 'project') return 0;
  return within === 'storey' ? view.model.storeyOf(id) : view.model.typeOf(id);
}

function checkRule(view: View, rule: ProjectRule, limit: number): ProjectRuleResult {
  const entity = requiredEntity(rule.appliesTo);
  const candidates = entity ? view.ofType(entity, false) : view.ofType('IfcRoot');
  const applicable = candidates.filter((id) => exprHolds(view, id, rule.appliesTo));
  const findings: Finding[] = [];
  let failed = 0;
  const fail = (id: number, message: MessageRef) => {
    failed++;
    if (findings.length < limit) {
      findings.push({
        rule: rule.id,
        severity: rule.severity,
        stepId: id,
        globalId: view.globalId(id),
        className: view.className(id),
        message,
      });
    }
  };
  const req = rule.require;
  if ('satisfies' in req) {
    for (const id of applicable)
      if (!exprHolds(view, id, req.satisfies)) fail(id, { id: 'rules.satisfies.failed', values: {} });
  } else if ('unique' in req) {
    const groups = new Map<string, number[]>();
    for (const id of applicable) {
      const value = readValue(view, id, req.unique);
      const scope = scopeOf(view, id, req.within);
      if (value === null || scope === null) continue; // no value, or no storey / type: not judged
      const key = `${scope}\u0000${typeof value}\u0000${value}`;
      const group = groups.get(key);
      if (group) group.push(id);
      else groups.set(key, [id]);
    }
    for (const [key, ids] of groups) {
      if (ids.length < 2) continue;
      const value = key.split('\u0000')[2] ?? '';
      for (const id of ids) {
        fail(id, {
          id: 'rules.unique.repeated',
          values: { value, count: ids.length, within: req.within, what: describe(req.unique) },
        });
      }
    }
  } else if ('count' in req) {
    for (const id of applicable) {
      const n = children(view, id, req.relation).filter((c) => exprHolds(view, c, req.count)).length;
      if (req.atLeast !== undefined && n < req.atLeast)
        fail(id, { id: 'rules.count.tooFew', values: { count: n, min: req.atLeast } });
      else if (req.atMost !== undefined && n > req.atMost)
        fail(id, { id: 'rules.count.tooMany', values: { count: n, max: req.atMost } });
    }
  } else {
    for (const id of applicable) {
      const left = readValue(view, id, req.compare);
      const right = typeof req.to === 'number' ? req.to : readValue(view, id, req.to);
      const right$ = typeof req.to === 'number' ? String(req.to) : describe(req.to);
      if (left === null || right === null) {
        fail(id, {
          id: 'rules.compare.missing',
          values: { what: left === null ? describe(req.compare) : right$ },
        });
        continue;
      }
      const ok = compare(left, req.op, right, req.tolerance ?? 0);
      if (ok !== true) {
        fail(id, {
          id: ok === null ? 'rules.compare.notOrdered' : 'rules.compare.failed',
          values: {
            left: describe(req.compare),
            leftValue: String(left),
            op: req.op,
            right: right$,
            rightValue: String(right),
          },
        });
      }
    }
  }
  return {
    id: rule.id,
    name: rule.name,
    severity: rule.severity,
    outcome: failed > 0 ? 'fail' : applicable.length > 0 ? 'pass' : 'n/a',
    applicableCount: applicable.length,
    failedCount: failed,
    findings,
  };
}

/** Every rule of the document on the model. */
export function checkProjectRules(
  model: StepIfcModel,
  document: RulesDocument,
  options: { readonly maxFindingsPerRule?: number } = {},
): ProjectRulesReport {
  const view = new View(model);
  const limit = options.maxFindingsPerRule ?? 10_000;
  return { title: document.title ?? null, rules: document.rules.map((rule) => checkRule(view, rule, limit)) };
}

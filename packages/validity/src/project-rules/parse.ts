/**
 * Reads a rules file: JSON text → RulesDocument, or problems (message ids with a JSON path). The
 * checks are those of rules-schema.json, plus what a schema cannot say (unique rule ids, patterns
 * that compile, bounds on size and nesting so the cost of a check is known before it starts).
 */
import { RE2JS } from 're2js';
import type { MessageRef } from '../types';
import type { Expr, ProjectRule, Requirement, RulesDocument, ValueRef, ValueSpec } from './types';

export interface RulesProblem {
  /** JSON path of the offending value, e.g. `rules[2].require.within`. */
  readonly path: string;
  readonly message: MessageRef;
}

export const MAX_RULES_FILE_BYTES = 4 * 1024 * 1024;
export const MAX_RULES = 2000;
const MAX_DEPTH = 16;

const RELATIONS = [
  'IFCRELAGGREGATES',
  'IFCRELASSIGNSTOGROUP',
  'IFCRELCONTAINEDINSPATIALSTRUCTURE',
  'IFCRELNESTS',
  'IFCRELVOIDSELEMENT',
  'IFCRELFILLSELEMENT',
];

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

class Reader {
  readonly problems: RulesProblem[] = [];

  fail(path: string, id: string, values: MessageRef['values'] = {}): null {
    this.problems.push({ path, message: { id: `rules.file.${id}`, values: { path, ...values } } });
    return null;
  }

  keys(v: Record<string, Json>, path: string, allowed: readonly string[]): boolean {
    const extra = Object.keys(v).filter((k) => !allowed.includes(k) && k !== '$schema' && k !== '$comment');
    for (const key of extra) this.fail(path, 'unknownKey', { key });
    return extra.length === 0;
  }

  string(v: Json, path: string): string | null {
    return typeof v === 'string' && v !== ''
      ? v
      : this.fail(path, 'type', { expected: 'a non-empty string' });
  }

  value(v: Json, path: string): ValueSpec | null {
    if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v)))
      return v;
    if (!isObject(v)) return this.fail(path, 'type', { expected: 'a value or a restriction' });
    if ('pattern' in v) {
      if (!this.keys(v, path, ['pattern'])) return null;
      const pattern = this.string(v.pattern, `${path}.pattern`);
      if (pattern === null) return null;
      try {
        RE2JS.compile(pattern);
      } catch (error) {
        return this.fail(`${path}.pattern`, 'pattern', { reason: (error as Error).message });
      }
      return { pattern };
    }
    if ('enum' in v) {
      if (!this.keys(v, path, ['enum'])) return null;
      const list = v.enum;
      if (
        !Array.isArray(list) ||
        list.length === 0 ||
        !list.every((x) => ['string', 'number', 'boolean'].includes(typeof x))
      ) {
        return this.fail(`${path}.enum`, 'type', { expected: 'a non-empty list of values' });
      }
      return { enum: list as (string | number | boolean)[] };
    }
    if ('min' in v || 'max' in v) {
      if (!this.keys(v, path, ['min', 'max'])) return null;
      for (const k of ['min', 'max'] as const) {
        if (k in v && !(typeof v[k] === 'number' && Number.isFinite(v[k])))
          return this.fail(`${path}.${k}`, 'type', { expected: 'a number' });
      }
      return {
        ...(typeof v.min === 'number' ? { min: v.min } : {}),
        ...(typeof v.max === 'number' ? { max: v.max } : {}),
      };
    }
    return this.fail(path, 'type', { expected: 'a value, {pattern}, {enum} or {min, max}' });
  }

  optionalValue(v: Record<string, Json>, key: string, path: string): ValueSpec | undefined | null {
    return key in v ? this.value(v[key], `${path}.${key}`) : undefined;
  }

  expr(v: Json, path: string, depth = 0): Expr | null {
    if (depth > MAX_DEPTH) return this.fail(path, 'depth', { max: MAX_DEPTH });
    if (!isObject(v)) return this.fail(path, 'type', { expected: 'a facet, all, any or not' });
    if ('all' in v || 'any' in v) {
      const key = 'all' in v ? 'all' : 'any';
      if (!this.keys(v, path, [key])) return null;
      const list = v[key];
      if (!Array.isArray(list) || list.length === 0)
        return this.fail(`${path}.${key}`, 'type', { expected: 'a non-empty list' });
      const items = list.map((x, i) => this.expr(x, `${path}.${key}[${i}]`, depth + 1));
      if (items.some((x) => x === null)) return null;
      return key === 'all' ? { all: items as Expr[] } : { any: items as Expr[] };
    }
    if ('not' in v) {
      if (!this.keys(v, path, ['not'])) return null;
      const inner = this.expr(v.not, `${path}.not`, depth + 1);
      return inner === null ? null : { not: inner };
    }
    return this.facet(v, path);
  }

  facet(v: Record<string, Json>, path: string): Expr | null {
    if ('entity' in v) {
      if (!this.keys(v, path, ['entity', 'predefinedType'])) return null;
      const entity = this.string(v.entity, `${path}.entity`);
      const predefinedType = this.optionalValue(v, 'predefinedType', path);
      if (entity === null || predefinedType === null) return null;
      return { entity, ...(predefinedType === undefined ? {} : { predefinedType }) };
    }
    if ('attribute' in v) {
      if (!this.keys(v, path, ['attribute', 'value'])) return null;
      const attribute = this.string(v.attribute, `${path}.attribute`);
      const value = this.optionalValue(v, 'value', path);
      if (attribute === null || value === null) return null;
      return { attribute, ...(value === undefined ? {} : { value }) };
    }
    for (const [key, setKey] of [
      ['property', 'propertySet'],
      ['quantity', 'quantitySet'],
    ] as const) {
      if (!(key in v)) continue;
      if (!this.keys(v, path, [key, setKey, 'value'])) return null;
      const name = this.string(v[key], `${path}.${key}`);
      const set = this.string(v[setKey], `${path}.${setKey}`);
      const value = this.optionalValue(v, 'value', path);
      if (name === null || set === null || value === null) return null;
      const facet =
        key === 'property' ? { property: name, propertySet: set } : { quantity: name, quantitySet: set };
      return { ...facet, ...(value === undefined ? {} : { value }) } as Expr;
    }
    if ('classification' in v) {
      if (!this.keys(v, path, ['classification'])) return null;
      const c = v.classification;
      if (!isObject(c) || !this.keys(c, `${path}.classification`, ['system', 'value'])) {
        return isObject(c) ? null : this.fail(`${path}.classification`, 'type', { expected: 'an object' });
      }
      const system = this.optionalValue(c, 'system', `${path}.classification`);
      const value = this.optionalValue(c, 'value', `${path}.classification`);
      if (system === null || value === null) return null;
      return {
        classification: {
          ...(system === undefined ? {} : { system }),
          ...(value === undefined ? {} : { value }),
        },
      };
    }
    if ('material' in v) {
      if (!this.keys(v, path, ['material'])) return null;
      if (v.material === true) return { material: true };
      const value = this.value(v.material, `${path}.material`);
      return value === null ? null : { material: value };
    }
    if ('partOf' in v) {
      if (!this.keys(v, path, ['partOf', 'relation'])) return null;
      const partOf = this.string(v.partOf, `${path}.partOf`);
      if (partOf === null) return null;
      if (!('relation' in v)) return { partOf };
      const relation = typeof v.relation === 'string' ? v.relation.toUpperCase() : '';
      if (!RELATIONS.includes(relation))
        return this.fail(`${path}.relation`, 'enum', { allowed: RELATIONS.join(', ') });
      return { partOf, relation: relation as never };
    }
    return this.fail(path, 'facet');
  }

  valueRef(v: Json, path: string): ValueRef | null {
    if (!isObject(v)) return this.fail(path, 'type', { expected: 'an attribute, property or quantity' });
    const facet = this.facet(v, path);
    if (facet === null) return null;
    if (('attribute' in facet || 'property' in facet || 'quantity' in facet) && !('value' in facet))
      return facet as ValueRef;
    return this.fail(path, 'type', { expected: 'an attribute, property or quantity without a value' });
  }

  requirement(v: Json, path: string): Requirement | null {
    if (!isObject(v)) return this.fail(path, 'type', { expected: 'satisfies, unique, count or compare' });
    if ('satisfies' in v) {
      if (!this.keys(v, path, ['satisfies'])) return null;
      const e = this.expr(v.satisfies, `${path}.satisfies`);
      return e === null ? null : { satisfies: e };
    }
    if ('unique' in v) {
      if (!this.keys(v, path, ['unique', 'within'])) return null;
      const ref = this.valueRef(v.unique, `${path}.unique`);
      const within = v.within ?? 'project';
      if (within !== 'project' && within !== 'storey' && within !== 'type') {
        return this.fail(`${path}.within`, 'enum', { allowed: 'project, storey, type' });
      }
      return ref === null ? null : { unique: ref, within };
    }
    if ('count' in v) {
      if (!this.keys(v, path, ['count', 'relation', 'atLeast', 'atMost'])) return null;
      const e = this.expr(v.count, `${path}.count`);
      const relation = v.relation ?? 'children';
      if (!['aggregates', 'contains', 'nests', 'children'].includes(relation as string)) {
        return this.fail(`${path}.relation`, 'enum', { allowed: 'aggregates, contains, nests, children' });
      }
      for (const k of ['atLeast', 'atMost'] as const) {
        if (k in v && !(Number.isInteger(v[k]) && (v[k] as number) >= 0))
          return this.fail(`${path}.${k}`, 'type', { expected: 'a whole number' });
      }
      if (!('atLeast' in v) && !('atMost' in v))
        return this.fail(path, 'required', { key: 'atLeast or atMost' });
      if (e === null) return null;
      return {
        count: e,
        relation: relation as 'children',
        ...(typeof v.atLeast === 'number' ? { atLeast: v.atLeast } : {}),
        ...(typeof v.atMost === 'number' ? { atMost: v.atMost } : {}),
      };
    }
    if ('compare' in v) {
      if (!this.keys(v, path, ['compare', 'op', 'to', 'tolerance'])) return null;
      const left = this.valueRef(v.compare, `${path}.compare`);
      const op = v.op;
      if (!['<', '<=', '=', '!=', '>=', '>'].includes(op as string))
        return this.fail(`${path}.op`, 'enum', { allowed: '<, <=, =, !=, >=, >' });
      const to = typeof v.to === 'number' ? v.to : this.valueRef(v.to, `${path}.to`);
      if ('tolerance' in v && !(typeof v.tolerance === 'number' && v.tolerance >= 0)) {
        return this.fail(`${path}.tolerance`, 'type', { expected: 'a number ≥ 0' });
      }
      if (left === null || to === null) return null;
      return {
        compare: left,
        op: op as '<',
        to,
        ...(typeof v.tolerance === 'number' ? { tolerance: v.tolerance } : {}),
      };
    }
    return this.fail(path, 'type', { expected: 'satisfies, unique, count or compare' });
  }

  rule(v: Json, path: string): ProjectRule | null {
    if (!isObject(v)) return this.fail(path, 'type', { expected: 'a rule object' });
    if (!this.keys(v, path, ['id', 'name', 'description', 'severity', 'appliesTo', 'require'])) return null;
    const id = this.string(v.id, `${path}.id`);
    if (id !== null && !/^[A-Za-z0-9_.-]{1,64}$/.test(id)) return this.fail(`${path}.id`, 'id');
    const name = this.string(v.name, `${path}.name`);
    const severity = v.severity ?? 'error';
    if (severity !== 'error' && severity !== 'warning')
      return this.fail(`${path}.severity`, 'enum', { allowed: 'error, warning' });
    if (!('appliesTo' in v)) return this.fail(path, 'required', { key: 'appliesTo' });
    if (!('require' in v)) return this.fail(path, 'required', { key: 'require' });
    const appliesTo = this.expr(v.appliesTo, `${path}.appliesTo`);
    const require = this.requirement(v.require, `${path}.require`);
    const description = 'description' in v ? this.string(v.description, `${path}.description`) : undefined;
    if (id === null || name === null || appliesTo === null || require === null || description === null)
      return null;
    return { id, name, severity, appliesTo, require, ...(description === undefined ? {} : { description }) };
  }
}

/** The rules file as a document, or the problems that keep it from being one. */
export function parseRulesFile(text: string): { document: RulesDocument | null; problems: RulesProblem[] } {
  const reader = new Reader();
  if (text.length > MAX_RULES_FILE_BYTES) {
    reader.fail('', 'tooLarge', { max: MAX_RULES_FILE_BYTES });
    return { document: null, problems: reader.problems };
  }
  let json: Json;
  try {
    json = JSON.parse(text);
  } catch (error) {
    reader.fail('', 'json', { reason: (error as Error).message });
    return { document: null, problems: reader.problems };
  }
  if (!isObject(json)) {
    reader.fail('', 'type', { expected: 'an object' });
    return { document: null, problems: reader.problems };
  }
  reader.keys(json, '', ['version', 'title', 'rules']);
  if (json.version !== 1) reader.fail('version', 'enum', { allowed: '1' });
  const title = 'title' in json ? reader.string(json.title, 'title') : undefined;
  if (!Array.isArray(json.rules)) reader.fail('rules', 'type', { expected: 'a list of rules' });
  else if (json.rules.length > MAX_RULES) reader.fail('rules', 'tooMany', { max: MAX_RULES });
  const rules = Array.isArray(json.rules)
    ? json.rules.slice(0, MAX_RULES).map((r, i) => reader.rule(r, `rules[${i}]`))
    : [];
  const seen = new Set<string>();
  rules.forEach((r, i) => {
    if (r && seen.has(r.id)) reader.fail(`rules[${i}].id`, 'duplicateId', { id: r.id });
    if (r) seen.add(r.id);
  });
  if (reader.problems.length > 0) return { document: null, problems: reader.problems };
  return {
    document: { version: 1, ...(title ? { title } : {}), rules: rules as ProjectRule[] },
    problems: [],
  };
}

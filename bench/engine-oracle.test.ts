/**
 * Two implementations check each other: the engine reads generated IFC2X3, IFC4 and IFC4X3_ADD2
 * models and checks them against an IDS with every facet kind; the oracle generator derives the
 * outcome from what it wrote (its facts and its own reading of the IDS 1.0 rules). Per
 * specification, the status, the applicable elements and each element's failing facets must agree.
 */
import { checkModel, type FacetFailure, parseIds } from '@plumbline/ids';
import { readIfc, schemaTables } from '@plumbline/ifc';
import { generateOracleCase, type OracleSchema, oracleLayouts } from '@plumbline/ifc-gen/oracle';
import { describe, expect, it } from 'vitest';

const SCHEMAS: readonly OracleSchema[] = ['IFC2X3', 'IFC4', 'IFC4X3_ADD2'];
const ELEMENTS = 700;

describe('oracle generator', () => {
  it.each(SCHEMAS)('writes %s attribute layouts as the official schema defines them', (schema) => {
    const tables = schemaTables(schema);
    for (const [entity, layout] of Object.entries(oracleLayouts(schema))) {
      expect([entity, tables.entity(entity)?.attributeNames]).toEqual([entity, layout]);
    }
  });
});

describe('engine against the oracle', () => {
  it.each(SCHEMAS)('reports what the generator expects on a %s model', (schema) => {
    const oracle = generateOracleCase({ schema, seed: 14, elements: ELEMENTS });
    const model = readIfc(new TextEncoder().encode(oracle.ifc));
    const ids = parseIds(oracle.ids);
    expect(ids.problems).toEqual([]);
    const report = checkModel(model, ids);
    // Passing elements are kept as ids: named here by the model, as the oracle names them.
    const byGlobalId = (id: number) => model.globalId(id) ?? `#${id}`;
    expect(report.model.schema).toBe(schema);

    const problems: string[] = [];
    let checks = 0;
    for (const want of oracle.expected) {
      const got = report.specifications.find((s) => s.identifier === want.id);
      if (!got) {
        problems.push(`${want.id}: missing from the report`);
        continue;
      }
      const label = `${want.id} ${got.name}`;
      if (got.status !== want.status)
        problems.push(`${label}: status ${got.status}, expected ${want.status}`);
      const actual = new Map<string, { className: string; failures: readonly FacetFailure[] }>([
        ...Array.from(
          got.passingIds,
          (id) => [byGlobalId(id), { className: model.classOf(id) ?? '', failures: [] }] as const,
        ),
        ...got.failingElements.map((e) => [e.globalId ?? `#${e.id}`, e] as const),
      ]);
      for (const [globalId, failing] of want.elements) {
        const element = actual.get(globalId);
        checks++;
        if (!element) {
          problems.push(`${label}: ${globalId} not applicable, expected applicable`);
          continue;
        }
        if (want.cardinality === 'prohibited') continue; // the whole specification fails, not its facets
        const gotFailing = [...new Set(element.failures.map((f) => f.facetIndex))].sort();
        if (gotFailing.join() !== failing.join())
          problems.push(
            `${label}: ${globalId} (${element.className}) fails facets [${gotFailing}], expected [${failing}]` +
              (element.failures[0]
                ? ` — ${element.failures[0].kind} ${element.failures[0].subject ?? ''}`
                : ''),
          );
      }
      for (const globalId of actual.keys())
        if (!want.elements.has(globalId)) problems.push(`${label}: ${globalId} applicable, expected not`);
    }
    model.dispose();
    const failing = oracle.expected.reduce(
      (n, e) => n + [...e.elements.values()].filter((f) => f.length > 0).length,
      0,
    );
    console.info(
      `${schema}: ${oracle.facts.elements.length} elements, ${oracle.specs.length} specifications, ${checks} element checks (${failing} failing) agree`,
    );
    expect(problems.slice(0, 20)).toEqual([]);
    // The cases are not vacuous: many element checks, failures and passes on both sides.
    expect(checks).toBeGreaterThan(5_000);
    const statuses = new Set(oracle.expected.map((e) => e.status));
    expect(statuses).toEqual(new Set(['pass', 'fail']));
  });
});

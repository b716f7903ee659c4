/**
 * The oracle generator: small models in IFC2X3, IFC4 or IFC4X3_ADD2 whose every fact is known, an
 * IDS that exercises every facet kind on them, and the outcome a correct engine must report,
 * derived from the facts alone (never from an engine).
 *
 *   const c = generateOracleCase({ schema: 'IFC2X3', seed: 1, elements: 600 });
 */
import { expectOracle, type OracleExpectation } from './expect';
import { type OracleModelFacts, type OracleSchema, planOracleModel } from './facts';
import { type OracleSpec, oracleSpecs } from './specs';
import { writeOracleIds } from './write-ids';
import { writeOracleIfc } from './write-ifc';

export type { OracleExpectation } from './expect';
export type { OracleElement, OracleModelFacts, OracleSchema } from './facts';
export type { OracleSpec } from './specs';
export { oracleLayouts } from './write-ifc';

export interface OracleCase {
  readonly facts: OracleModelFacts;
  readonly specs: readonly OracleSpec[];
  /** STEP text of the model. */
  readonly ifc: string;
  /** IDS 1.0 XML of the specifications. */
  readonly ids: string;
  readonly expected: readonly OracleExpectation[];
}

export function generateOracleCase(options: {
  readonly schema: OracleSchema;
  readonly seed: number;
  readonly elements: number;
}): OracleCase {
  const facts = planOracleModel(options);
  const specs = oracleSpecs(options.schema);
  return {
    facts,
    specs,
    ifc: writeOracleIfc(facts),
    ids: writeOracleIds(options.schema, specs),
    expected: expectOracle(facts, specs),
  };
}

import { checkModel, type FacetFailure, type IdsDocument } from '@plumbline/ids';
import type { IfcModel } from '@plumbline/ifc';
import { countFacetFailures } from './facet-failures';
import type { ResultColumns } from './result-columns';

const NO_FAILURES_JSON = '[]';

export interface IdsForCheck {
  name: string;
  document: IdsDocument;
  /** Database ids of the document's specifications, by position. */
  specificationIds: readonly string[];
}

/** An element's failures of one specification, as the check found them (history's input). */
export interface FailingElement {
  specificationId: string;
  stepId: number;
  failures: readonly FacetFailure[];
}

/**
 * Checks the model against each active IDS file and turns the reports into result rows: one per
 * specification, and one per applicable element with its failing facets and their reasons. The
 * failing elements are also returned as found, for the comparison with the previous version.
 */
export function checkAgainst(
  model: IfcModel,
  idsFiles: readonly IdsForCheck[],
  fileName: string,
  failing: FailingElement[] = [],
): ResultColumns {
  const results: ResultColumns = {
    specifications: [],
    elements: { specificationId: [], elementStepId: [], passed: [], failures: [] },
    entities: { stepId: [], ifcClass: [], globalId: [], name: [] },
    facetFailures: [],
  };
  // What processing stores as elements (extract.ts) is named there; any other applicable entity is
  // named here, once: it joins this set when its row is written.
  const named = new Set(model.products());
  const failingOut = failing;
  for (const ids of idsFiles) {
    const report = checkModel(model, ids.document, { modelFileName: fileName });
    report.specifications.forEach((spec, position) => {
      const specificationId = ids.specificationIds[position];
      if (!specificationId) return;
      results.specifications.push({
        specificationId,
        status: spec.status,
        reason: spec.reason,
        applicableCount: spec.applicableCount,
        passedCount: spec.passedCount,
        failedCount: spec.failedCount,
      });
      // A row per applicable element in id order: the passing ones (ids only in the report, named
      // from the model when they are not stored elements) merged with the failing ones.
      const { passingIds, failingElements } = spec;
      const name = (id: number, ifcClass: string, globalId: string | null, label: string | null) => {
        if (named.has(id)) return;
        named.add(id);
        results.entities.stepId.push(id);
        results.entities.ifcClass.push(ifcClass);
        results.entities.globalId.push(globalId);
        results.entities.name.push(label);
      };
      let p = 0;
      let f = 0;
      while (p < passingIds.length || f < failingElements.length) {
        const failing = failingElements[f];
        const passingId = passingIds[p];
        results.elements.specificationId.push(specificationId);
        if (failing === undefined || (passingId !== undefined && passingId < failing.id)) {
          const id = passingId as number;
          p++;
          results.elements.elementStepId.push(id);
          results.elements.passed.push(true);
          results.elements.failures.push(NO_FAILURES_JSON);
          if (!named.has(id)) name(id, model.classOf(id) ?? '', model.globalId(id), model.name(id));
          continue;
        }
        f++;
        failingOut.push({ specificationId, stepId: failing.id, failures: failing.failures });
        results.elements.elementStepId.push(failing.id);
        results.elements.passed.push(false);
        results.elements.failures.push(JSON.stringify(failing.failures));
        name(failing.id, failing.className, failing.globalId, failing.name);
      }
      results.facetFailures.push(...countFacetFailures(specificationId, failingElements));
    });
  }
  return results;
}

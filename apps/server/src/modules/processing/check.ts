import { checkModel, type IdsDocument } from '@plumbline/ids';
import type { IfcModel } from '@plumbline/ifc';
import { countFacetFailures } from './facet-failures';
import type { ResultColumns } from './result-columns';

export interface IdsForCheck {
  name: string;
  document: IdsDocument;
  /** Database ids of the document's specifications, by position. */
  specificationIds: readonly string[];
}

/**
 * Checks the model against each active IDS file and turns the reports into result rows: one per
 * specification, and one per applicable element with its failing facets and their reasons.
 */
export function checkAgainst(
  model: IfcModel,
  idsFiles: readonly IdsForCheck[],
  fileName: string,
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
      for (const element of spec.elements) {
        results.elements.specificationId.push(specificationId);
        results.elements.elementStepId.push(element.id);
        results.elements.passed.push(element.passed);
        results.elements.failures.push(JSON.stringify(element.failures));
        if (!named.has(element.id)) {
          named.add(element.id);
          results.entities.stepId.push(element.id);
          results.entities.ifcClass.push(element.className);
          results.entities.globalId.push(element.globalId);
          results.entities.name.push(element.name);
        }
      }
      results.facetFailures.push(...countFacetFailures(specificationId, spec.elements));
    });
  }
  return results;
}

/**
 * The engine's report with every applicable element listed again, passing ones included, for tests
 * that compare the server's rows with it element by element. The report keeps passes as ids only
 * (issue 22); the model the report was checked on names them, as the checker names failures.
 */
import type { CheckReport, ElementResult, SpecificationResult } from '@plumbline/ids';
import type { IfcModel } from '@plumbline/ifc';

export interface ApplicableElement extends ElementResult {
  readonly passed: boolean;
}

export type SpecificationWithElements = SpecificationResult & {
  /** Every applicable element, ascending by id. */
  readonly elements: readonly ApplicableElement[];
};

export type ReportWithElements = Omit<CheckReport, 'specifications'> & {
  readonly specifications: readonly SpecificationWithElements[];
};

export function withElements(
  report: CheckReport,
  model: Pick<IfcModel, 'globalId' | 'classOf' | 'name'>,
): ReportWithElements {
  return {
    ...report,
    specifications: report.specifications.map((specification) => {
      const passing = Array.from(
        specification.passingIds,
        (id): ApplicableElement => ({
          id,
          globalId: model.globalId(id),
          className: model.classOf(id) ?? '',
          name: model.name(id),
          passed: true,
          failures: [],
        }),
      );
      const failing = specification.failingElements.map((e): ApplicableElement => ({ ...e, passed: false }));
      return { ...specification, elements: [...passing, ...failing].sort((a, b) => a.id - b.id) };
    }),
  };
}

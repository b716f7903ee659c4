/** Per-specification and per-element outcomes, in column form for the bulk writer. */
export interface ResultColumns {
  specifications: Array<{
    specificationId: string;
    status: string;
    reason: string | null;
    applicableCount: number;
    passedCount: number;
    failedCount: number;
  }>;
  elements: { specificationId: string[]; elementStepId: number[]; passed: boolean[]; failures: string[] };
  /** Applicable entities that are not stored elements (not IfcProduct or IfcTypeObject), once each. */
  entities: {
    stepId: number[];
    ifcClass: string[];
    globalId: Array<string | null>;
    name: Array<string | null>;
  };
  /** Per specification and requirement facet, how many elements fail it (facet-failures.ts). */
  facetFailures: FacetFailureCount[];
}

export interface FacetFailureCount {
  specificationId: string;
  facetIndex: number;
  failed: number;
}

// What the Comprehensive Project Analysis shows, gathered once from the same services and stored
// results the screens read (one truth per figure): the Overview's cards and trend, the File Inspector's
// per-specification compliance, the attribute insights, and the stored failures.
import { createRequire } from 'node:module';
import type {
  AttributeInsights,
  FileCompliance,
  IdsFacet,
  ProjectOverview,
  SpecificationState,
} from '@plumbline/contracts';
import type { Database } from '../../platform/db';
import type { AttributeService } from '../attributes';
import { type ComplianceService, listActiveSpecifications } from '../compliance';
import type { OverviewService } from '../overview';
import { conformanceScore } from './conformance';
import * as repo from './repo';

/** Failing elements listed per specification and requirement; the rest are counted. */
export const EXAMPLES_PER_REQUIREMENT = 5;

export interface RequirementFailures {
  facetIndex: number;
  requirement: string;
  failures: number;
  examples: repo.FailureExample[];
}

export interface SpecificationSection {
  id: string;
  name: string;
  idsFileName: string;
  applicable: number;
  compliant: number;
  rate: number;
  /** The state every screen shows (decision 0173). */
  state: SpecificationState;
  requirements: RequirementFailures[];
}

export interface FileSection {
  version: repo.ScopeVersion;
  compliance: FileCompliance;
  specifications: SpecificationSection[];
  byClass: Awaited<ReturnType<typeof repo.failuresByClass>>;
  failureRows: number;
}

export interface ComprehensiveData {
  project: { id: string; name: string };
  generatedAt: Date;
  overview: ProjectOverview;
  files: FileSection[];
  idsFiles: repo.ActiveIdsFile[];
  insights: AttributeInsights;
  evidence: { engineVersion: string; conformance: string };
}

const idsPackage = createRequire(import.meta.url)('@plumbline/ids/package.json') as { version: string };

/** A requirement facet in words, from its structured fields (never from a reason text). */
export function describeFacet(facet: IdsFacet | undefined): string {
  if (!facet) return 'Requirement';
  const required =
    facet.cardinality === 'prohibited'
      ? 'must not have'
      : facet.cardinality === 'optional'
        ? 'may have'
        : 'must have';
  switch (facet.facet_type) {
    case 'property':
      return `${required} ${facet.property_set ?? '*'}.${facet.property_name ?? '*'}${facet.property_data_type ? ` (${facet.property_data_type})` : ''}`;
    case 'attribute':
      return `${required} attribute ${facet.attribute_name ?? '*'}`;
    case 'classification':
      return `${required} classification ${[facet.classification_system, facet.classification_value].filter(Boolean).join(' ') || '(any)'}`;
    case 'material':
      return `${required} material ${facet.material_value ?? '(any)'}`;
    case 'partof':
      return `${facet.cardinality === 'prohibited' ? 'must not be' : facet.cardinality === 'optional' ? 'may be' : 'must be'} part of ${facet.partof_entity_name ?? '*'}${facet.partof_relation ? ` (${facet.partof_relation})` : ''}`;
    default:
      return `${required} entity ${facet.entity_name ?? '*'}${facet.predefined_type ? `.${facet.predefined_type}` : ''}`;
  }
}

export async function collectComprehensive(input: {
  db: Database;
  userId: string;
  projectId: string;
  fileId: string | null;
  now: Date;
  overview: OverviewService;
  compliance: ComplianceService;
  attributes: AttributeService;
}): Promise<ComprehensiveData> {
  const { db, userId, projectId, fileId } = input;
  const overview = await input.overview.project(userId, projectId);
  const versions = await repo.scopeVersions(db, projectId, fileId);
  const specs = await listActiveSpecifications(db, projectId);
  const files: FileSection[] = [];
  for (const version of versions) {
    const compliance = await input.compliance.fileCompliance(
      userId,
      projectId,
      version.fileId,
      version.versionId,
    );
    const counts = await repo.failureCounts(db, version.versionId);
    const examples = await repo.failureExamples(db, version.versionId, EXAMPLES_PER_REQUIREMENT);
    const specifications = compliance.specifications.map((row): SpecificationSection => {
      const spec = specs.find((s) => s.id === row.specification_id);
      const facets = spec?.requirementFacets ?? [];
      return {
        id: row.specification_id,
        name: row.name,
        idsFileName: row.ids_file_name,
        applicable: row.applicable_elements,
        compliant: row.compliant_elements,
        rate: row.compliance_rate,
        state: row.state,
        requirements: counts
          .filter((c) => c.specificationId === row.specification_id)
          .map((c) => ({
            facetIndex: c.facetIndex,
            requirement: describeFacet(facets[c.facetIndex]),
            failures: c.failures,
            examples: examples.filter(
              (e) => e.specificationId === row.specification_id && e.facetIndex === c.facetIndex,
            ),
          }))
          .sort((a, b) => b.failures - a.failures),
      };
    });
    files.push({
      version,
      compliance,
      specifications,
      byClass: await repo.failuresByClass(db, version.versionId),
      failureRows: await repo.failureRowCount(db, version.versionId),
    });
  }
  return {
    project: overview.project,
    generatedAt: input.now,
    overview,
    files,
    idsFiles: await repo.activeIdsFiles(db, projectId),
    insights: await input.attributes.insights(userId, projectId),
    evidence: { engineVersion: idsPackage.version, conformance: await conformanceScore() },
  };
}

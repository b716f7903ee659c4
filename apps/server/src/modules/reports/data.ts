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
import type { Locale } from '@plumbline/i18n';
import { facetText, type Words } from '@plumbline/ids/report/words';
import type { Database } from '../../platform/db';
import { render } from '../../platform/i18n';
import type { AttributeService } from '../attributes';
import {
  type ComplianceService,
  facetOfStored,
  listActiveSpecifications,
  storedFailureText,
  wordsFor,
} from '../compliance';
import type { OverviewService } from '../overview';
import { activeWaiversForReport, type ReportWaiver } from '../waivers';
import { conformanceScore } from './conformance';
import * as repo from './repo';
import { type ValiditySection, validitySection } from './validity-section';

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
  /** The model's validity (issue 38): failing rules with their first findings. */
  validity: ValiditySection;
}

export interface ComprehensiveData {
  project: { id: string; name: string };
  /** The language the report is written in. */
  locale: Locale;
  generatedAt: Date;
  overview: ProjectOverview;
  files: FileSection[];
  idsFiles: repo.ActiveIdsFile[];
  insights: AttributeInsights;
  evidence: { engineVersion: string; conformance: string };
  /** Approved waivers in force when the report was made (issue 32): its evidence lists them. */
  waivers: ReportWaiver[];
}

const idsPackage = createRequire(import.meta.url)('@plumbline/ids/package.json') as { version: string };

/** A requirement in the report's words: what it asks, by its cardinality ("must have …"). */
export function describeFacet(w: Words, locale: Locale, facet: IdsFacet | undefined): string {
  if (!facet) return render(locale, 'reports.requirement');
  const text = facetText(w, facetOfStored(facet));
  if (facet.cardinality === 'prohibited')
    return render(locale, 'reports.requirementProhibited', { facet: text });
  if (facet.cardinality === 'optional') return render(locale, 'reports.requirementOptional', { facet: text });
  return render(locale, 'reports.requirementRequired', { facet: text });
}

/**
 * Failure rows in the report's words: each reason rendered from the stored finding and the
 * specification's requirement facet it names (issue 31).
 */
export function explainFailures(
  w: Words,
  specs: ReadonlyArray<{ id: string; requirementFacets: IdsFacet[] }>,
): (rows: repo.FailureExample[]) => repo.FailureExample[] {
  const facetsOf = new Map(specs.map((spec) => [spec.id, spec.requirementFacets]));
  return (rows) =>
    rows.map((row) => ({
      ...row,
      reason: storedFailureText(w, row.failure, facetsOf.get(row.specificationId)?.[row.facetIndex]),
    }));
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
  /** The report's language (reports/repo.ts reportLocale). */
  locale: Locale;
}): Promise<ComprehensiveData> {
  const { db, userId, projectId, fileId, locale } = input;
  const w = wordsFor(locale);
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
    const examples = explainFailures(
      w,
      specs,
    )(await repo.failureExamples(db, version.versionId, EXAMPLES_PER_REQUIREMENT));
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
            requirement: describeFacet(w, locale, facets[c.facetIndex]),
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
      validity: await validitySection(db, version.versionId, locale),
    });
  }
  return {
    project: overview.project,
    locale,
    generatedAt: input.now,
    overview,
    files,
    idsFiles: await repo.activeIdsFiles(db, projectId),
    insights: await input.attributes.insights(userId, projectId),
    evidence: { engineVersion: idsPackage.version, conformance: await conformanceScore() },
    waivers: (await activeWaiversForReport(db, projectId, input.now)).filter(
      (w) => fileId === null || versions.some((v) => v.fileName === w.fileName),
    ),
  };
}

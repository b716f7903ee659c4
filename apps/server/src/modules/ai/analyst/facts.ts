import type { ComplianceStatus, FacetComplianceResult, IdsFacet } from '@plumbline/contracts';
import type { Database } from '../../../platform/db';
import type { ComplianceService } from '../../compliance';
import type { ExplorerStore } from '../../metadata';
import * as repo from '../repo';

/**
 * What one question may read, and the version's figures as the screens get them. Every count the
 * analyst states comes from the compliance service (the same calls the IDS Compliance cards, the 3D
 * legend, the File Inspector and IDS Schemas make) or from the version's element population
 * (`elements`, what `elements_count` counts): the analyst groups those, it never re-derives a status.
 */
export interface AnalystContext {
  db: Database;
  /** The version's property rows (elements' properties) are read through the explorer's store. */
  explorer: ExplorerStore;
  compliance: ComplianceService;
  /** Who asks (null: an anonymous reader of the demo project); the service checks access again. */
  userId: string | null;
  projectId: string;
  fileId: string;
  version: repo.VersionRef;
}

/** A specification of the project's active IDS files and its figures on the version. */
export interface SpecFigures {
  id: string;
  name: string;
  description: string | null;
  idsFileName: string;
  applicabilityFacets: IdsFacet[];
  requirementFacets: IdsFacet[];
  /** Null when the version was not checked against it. */
  figures: {
    applicable: number;
    /** Elements meeting every requirement (the compliance rate's numerator). */
    compliant: number;
    passed: number;
    waived: number;
    warning: number;
    failed: number;
    complianceRate: number;
  } | null;
}

/** One element of the version's population (every stored product and type object). */
export type PopulationElement = repo.PopulationRow;

/** Lazily loaded, per question: each read happens at most once. */
export class VersionFacts {
  private specsPromise?: Promise<SpecFigures[]>;
  private fileFiguresPromise?: ReturnType<ComplianceService['fileCompliance']>;
  private statusesPromise?: Promise<{
    byStep: Map<number, ComplianceStatus>;
    summary: Record<ComplianceStatus, number>;
  }>;
  private elementsPromise?: Promise<PopulationElement[]>;
  private readonly resultsBySpec = new Map<string, Promise<FacetComplianceResult[]>>();

  constructor(readonly ctx: AnalystContext) {}

  get version(): repo.VersionRef {
    return this.ctx.version;
  }

  /** The IDS Compliance tab's file figures: pairs, rate, per specification passed/warning/failed. */
  fileFigures() {
    this.fileFiguresPromise ??= this.ctx.compliance.fileCompliance(
      this.ctx.userId,
      this.ctx.projectId,
      this.ctx.fileId,
      this.ctx.version.id,
    );
    return this.fileFiguresPromise;
  }

  /** Active specifications with their facets and figures (IDS Schemas and the Compliance tab). */
  specs(): Promise<SpecFigures[]> {
    this.specsPromise ??= (async () => {
      const [list, file] = await Promise.all([
        this.ctx.compliance.specifications(this.ctx.userId, this.ctx.projectId, {
          fileId: this.ctx.fileId,
          versionId: this.ctx.version.id,
        }),
        this.fileFigures(),
      ]);
      const rows = new Map(file.specifications.map((s) => [s.specification_id, s]));
      return list.specifications.map((s) => {
        const row = rows.get(s.id);
        return {
          id: s.id,
          name: s.name,
          description: s.description,
          idsFileName: s.ids_file_name,
          applicabilityFacets: s.applicability_facets,
          requirementFacets: s.requirement_facets,
          figures: row
            ? {
                applicable: row.applicable_elements,
                compliant: row.compliant_elements,
                passed: row.passed,
                waived: row.waived,
                warning: row.warning,
                failed: row.failed,
                complianceRate: row.compliance_rate,
              }
            : null,
        };
      });
    })();
    return this.specsPromise;
  }

  /** Each element's worst status and the cards' / legend's counts (elements by status). */
  statuses() {
    this.statusesPromise ??= (async () => {
      const answer = await this.ctx.compliance.elementStatuses(
        this.ctx.userId,
        this.ctx.projectId,
        this.ctx.fileId,
        { versionId: this.ctx.version.id },
      );
      const byStep = new Map<number, ComplianceStatus>();
      answer.viewer_db_ids.forEach((id, i) => {
        byStep.set(id, answer.statuses[i] ?? 'not_applicable');
      });
      return { byStep, summary: answer.summary };
    })();
    return this.statusesPromise;
  }

  /** The version's element population, in STEP order. */
  elements(): Promise<PopulationElement[]> {
    this.elementsPromise ??= repo.populationOf(this.ctx.db, this.ctx.version.id);
    return this.elementsPromise;
  }

  /** Every applicable element of a specification with its status and failed facets (the inspector's rows). */
  results(specId: string): Promise<FacetComplianceResult[]> {
    let found = this.resultsBySpec.get(specId);
    if (!found) {
      found = (async () => {
        const out: FacetComplianceResult[] = [];
        const page = 5_000;
        for (let offset = 0; ; offset += page) {
          const answer = await this.ctx.compliance.facetResults(
            this.ctx.userId,
            this.ctx.projectId,
            this.ctx.fileId,
            specId,
            { versionId: this.ctx.version.id, offset, limit: page },
          );
          out.push(...answer.results);
          if (answer.results.length < page) break;
        }
        return out;
      })();
      this.resultsBySpec.set(specId, found);
    }
    return found;
  }
}

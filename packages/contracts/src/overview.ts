import { z } from 'zod';
import { bimFileSchema } from './bimfiles';
import { comparedVersionSchema } from './compared-version';
import { percent } from './numbers';

/** Spec 1 §3 'IDS compliance': elements of the latest versions, counted once whatever their specifications. */
export const idsComplianceSchema = z.object({
  /** Applicable to at least one specification and failing none. */
  compliant_elements: z.number().int(),
  /** Applicable to at least one specification of an active IDS file. */
  applicable_elements: z.number().int(),
  /** Of the applicable: those whose worst status is waived (issue 32), neither compliant nor failing. */
  waived_elements: z.number().int(),
  total_elements: z.number().int(),
  /**
   * The IDS compliance percentage: compliant_elements of applicable_elements, one decimal, 0 when
   * none apply. Computed once on the server (compliance/figures.ts `idsComplianceOf`, issue 35);
   * every screen and report prints this number and never divides itself.
   */
  compliance_rate: percent,
});
export type IdsCompliance = z.infer<typeof idsComplianceSchema>;

/**
 * What a compliance percentage is a percentage of (issue 35): every percentage a screen or report
 * shows names its basis beside it.
 * - elements: applicable elements meeting every requirement (IDS compliance; cards, trend, reports);
 * - checks: element × specification checks passed (the File Inspector's per-file rate, the Schema tab);
 * - requirements: required property requirements checked (the Exists / Populated / Compliant shares).
 */
export const complianceBasisSchema = z.enum(['elements', 'checks', 'requirements']);
export type ComplianceBasis = z.infer<typeof complianceBasisSchema>;

/**
 * Spec 1 §3 'Compliance category', as percentages (0–100) of the checked property requirements:
 * every applicable element × required property facet (decision 0096). `checked` is that count;
 * the percentages are 0 when it is 0.
 */
export const complianceCategoriesSchema = z.object({
  exists: z.number(),
  populated: z.number(),
  compliant: z.number(),
  checked: z.number().int(),
});
export type ComplianceCategories = z.infer<typeof complianceCategoriesSchema>;

/**
 * One point of the Project Compliance Trend: the project as it stood after a file version was
 * processed (each included file at its newest completed version by then).
 */
export const trendPointSchema = z.object({
  /** When the version was uploaded (ISO 8601). */
  date: z.string(),
  version_tag: z.string(),
  file_name: z.string(),
  exists: z.number(),
  populated: z.number(),
  compliant: z.number(),
  /**
   * IDS compliance of the project as it then stood: the same definition as the Overview card
   * (`ids_compliance.compliance_rate`, of applicable elements), so the last point equals the card.
   */
  compliance_score: z.number(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

/** A row of the overview's BIM Files table: the file plus its newest version's id (View in Explorer). */
export const overviewFileSchema = bimFileSchema.extend({ latest_version_id: z.string().uuid().nullable() });
export type OverviewFile = z.infer<typeof overviewFileSchema>;

/**
 * What a file's latest version changed against the completed version before it (issue 30), per
 * specification: the Changes view's default pair as the server reads it, waivers applied (decision
 * 0370), so the two agree. The figures only; the web says "since v3: 12 new, 40 resolved" from its
 * catalogue.
 */
export const overviewChangesSchema = z.object({
  file_id: z.string().uuid(),
  file_name: z.string(),
  from_version: comparedVersionSchema,
  to_version: comparedVersionSchema,
  specifications: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      identifier: z.string().nullable(),
      /** False when the older version was not checked against it: nothing to say "since". */
      compared: z.boolean(),
      new: z.number().int(),
      resolved: z.number().int(),
      removed: z.number().int(),
      /** The newer version's failures an approved waiver covers: counted in none of the above. */
      waived: z.number().int(),
    }),
  ),
});
export type OverviewChanges = z.infer<typeof overviewChangesSchema>;

/** Everything the Dashboard Overview shows for one project (spec 1 §2.2), from stored results. */
export const projectOverviewSchema = z.object({
  project: z.object({ id: z.string().uuid(), name: z.string() }),
  cards: z.object({
    bim_files: z.number().int(),
    elements: z.number().int(),
    team_members: z.number().int(),
    storage_used_bytes: z.number().int(),
    ids_compliance: idsComplianceSchema,
    /** Applicable element × specification pairs across the latest versions. */
    total_validation_pairs: z.number().int(),
  }),
  compliance_categories: complianceCategoriesSchema,
  trend: z.array(trendPointSchema),
  files: z.array(overviewFileSchema),
  /** Per included file whose latest version has a stored comparison: its changes (issue 30). */
  changes: z.array(overviewChangesSchema),
  /**
   * How far the project's models are: files whose newest version is settled (completed or failed)
   * and whether any is still being re-checked. The Overview says "being prepared" while settled <
   * total (a newcomer's demo on the first start, a fresh upload); issue 17.
   */
  processing: z.object({
    total_files: z.number().int(),
    settled_files: z.number().int(),
    rechecking: z.boolean(),
  }),
});
export type ProjectOverview = z.infer<typeof projectOverviewSchema>;

/**
 * compareFiles: two versions of a model checked against the same IDS files and compared (issue 30),
 * as `plumbline compare` runs it. Each model is read, described (identity/element-signature.ts),
 * checked and let go before the next is read, so memory holds one model at a time. The comparison
 * itself is `compareVersions`, the server's too.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { readIfcFile } from '@plumbline/ifc';
import { checkModelInParallel } from './check/parallel-check';
import type { IdsDocument } from './document';
import { compareVersions, type VersionComparison } from './identity/compare';
import { describeElements } from './identity/element-signature';
import { findingsOfReports, type VersionFindings } from './identity/findings';
import { documentKeys, type SpecificationKeys } from './identity/requirement-key';
import type { CheckReport, FacetSummary, ValidationProblem } from './results';
import { validateAndParseIds } from './validate-ids';

export interface InvalidIdsFile {
  readonly fileName: string;
  readonly problems: readonly ValidationProblem[];
}

export type ComparedFiles =
  | { readonly status: 'invalid'; readonly invalid: readonly InvalidIdsFile[] }
  | {
      readonly status: 'compared';
      readonly comparison: VersionComparison;
      readonly old: VersionFindings;
      readonly next: VersionFindings;
      /** Each requirement facet by its key, as the new model's check described it (else the old's). */
      readonly requirements: ReadonlyMap<string, FacetSummary>;
      /** The new model's reports, one per IDS file (BCF headers, the HTML report's title). */
      readonly newReports: readonly CheckReport[];
    };

interface ParsedIds {
  readonly fileName: string;
  readonly document: IdsDocument;
  readonly sha256: string;
  readonly keys: readonly SpecificationKeys[];
}

/**
 * The lineage of an IDS given on the command line: its title, else its file name, so the keys (and
 * the BCF topics' GUIDs) stay the same when a corrected file replaces it under the same title.
 */
function lineageOf(document: IdsDocument, fileName: string, taken: Set<string>): string {
  const base = `ids:${document.info.title?.trim() || fileName}`;
  let lineage = base;
  for (let n = 2; taken.has(lineage); n++) lineage = `${base}#${n}`;
  taken.add(lineage);
  return lineage;
}

async function readIdsFiles(
  paths: readonly string[],
): Promise<{ parsed: ParsedIds[]; invalid: InvalidIdsFile[] }> {
  const parsed: ParsedIds[] = [];
  const invalid: InvalidIdsFile[] = [];
  const lineages = new Set<string>();
  for (const path of paths) {
    const bytes = new Uint8Array(await readFile(path));
    const fileName = basename(path);
    const { problems, document } = await validateAndParseIds(bytes, { fileName });
    if (problems.length > 0 || document === null) {
      invalid.push({ fileName, problems });
      continue;
    }
    parsed.push({
      fileName,
      document,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      keys: documentKeys(lineageOf(document, fileName, lineages), document),
    });
  }
  return { parsed, invalid };
}

async function checkVersion(
  path: string,
  ids: readonly ParsedIds[],
): Promise<{ findings: VersionFindings; reports: CheckReport[] }> {
  const model = await readIfcFile(path);
  try {
    const signatures = describeElements(model);
    const reports: CheckReport[] = [];
    for (const file of ids) {
      reports.push(
        await checkModelInParallel(model, file.document, {
          modelFileName: basename(path),
          idsSha256: file.sha256,
        }),
      );
    }
    const checks = reports.map((report, i) => ({ report, keys: (ids[i] as ParsedIds).keys }));
    return { findings: findingsOfReports(model, signatures, checks), reports };
  } finally {
    model.dispose();
  }
}

function requirementFacets(
  ids: readonly ParsedIds[],
  ...reportSets: (readonly CheckReport[])[]
): Map<string, FacetSummary> {
  const out = new Map<string, FacetSummary>();
  for (const reports of reportSets) {
    reports.forEach((report, i) => {
      const keys = ids[i]?.keys ?? [];
      report.specifications.forEach((spec, position) => {
        keys[position]?.requirementKeys.forEach((key, facet) => {
          const summary = spec.requirements[facet];
          if (summary && !out.has(key)) out.set(key, summary);
        });
      });
    });
  }
  return out;
}

/** Checks both models against every IDS file and compares them; an invalid IDS stops before any model is read. */
export async function compareFiles(
  oldIfcPath: string,
  newIfcPath: string,
  idsPaths: readonly string[],
): Promise<ComparedFiles> {
  const { parsed, invalid } = await readIdsFiles(idsPaths);
  if (invalid.length > 0) return { status: 'invalid', invalid };
  const old = await checkVersion(oldIfcPath, parsed);
  const next = await checkVersion(newIfcPath, parsed);
  return {
    status: 'compared',
    comparison: compareVersions(old.findings, next.findings),
    old: old.findings,
    next: next.findings,
    requirements: requirementFacets(parsed, next.reports, old.reports),
    newReports: next.reports,
  };
}

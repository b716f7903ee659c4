/**
 * The BCF corpus: every IFC + IDS pair at hand that produces findings (the sample models against
 * the practitioners' IDS files, and the failing buildingSMART conformance cases), each written as
 * BCF 2.1 and 3.0. Used by the readers test (a subset) and `npm run bcf:corpus` (all of it).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readIfcFile, readModelOrigin } from '@plumbline/ifc';
import { checkModel } from '../check/check-model';
import { checkFiles } from '../check-files';
import { parseIds } from '../parse-ids';
import { type BcfGrouping, type BcfReport, type BcfVersion, buildBcfReport } from '../report/bcf';
import type { CheckReport } from '../results';
import { validateIds } from '../validate-ids';

export const SHARED_DIR = fileURLToPath(new URL('../../../../../shared', import.meta.url));

export interface CorpusPair {
  readonly name: string;
  readonly modelPath: string;
  readonly idsPath: string;
}

export interface CorpusSelection {
  /** Sample models to use (file names); all when absent. */
  readonly models?: readonly string[];
  /** Every n-th failing conformance case; 1: all. */
  readonly conformanceStride?: number;
}

export function haveCorpus(): boolean {
  return existsSync(join(SHARED_DIR, 'ifc-samples')) && existsSync(join(SHARED_DIR, 'ids-examples'));
}

/** Sample models × practitioners' IDS files, grouped by model so each model is read once. */
export function samplePairs(selection: CorpusSelection = {}): Map<string, CorpusPair[]> {
  const samples = join(SHARED_DIR, 'ifc-samples');
  const examples = join(SHARED_DIR, 'ids-examples');
  const models = [
    ...readdirSync(samples)
      .filter((f) => f.endsWith('.ifc'))
      .map((f) => join(samples, f)),
    ...readdirSync(examples)
      .filter((f) => f.endsWith('.ifc'))
      .map((f) => join(examples, f)),
  ].filter((path) => !selection.models || selection.models.includes(basename(path)));
  const idsFiles = readdirSync(examples)
    .filter((f) => f.endsWith('.ids'))
    .map((f) => join(examples, f));
  return new Map(
    models.map((modelPath) => [
      modelPath,
      idsFiles.map((idsPath) => ({
        name: `${basename(modelPath)} + ${basename(idsPath)}`,
        modelPath,
        idsPath,
      })),
    ]),
  );
}

export function conformancePairs(selection: CorpusSelection = {}): CorpusPair[] {
  const dir = join(SHARED_DIR, 'ids-testcases');
  const manifest = join(dir, 'manifest.json');
  if (!existsSync(manifest)) return [];
  const cases = JSON.parse(readFileSync(manifest, 'utf8')) as {
    id: string;
    ids: string;
    ifc: string;
    expected: string;
  }[];
  const stride = Math.max(1, selection.conformanceStride ?? 1);
  return cases
    .filter((c) => c.expected === 'fail')
    .filter((_, i) => i % stride === 0)
    .map((c) => ({ name: `conformance ${c.id}`, modelPath: join(dir, c.ifc), idsPath: join(dir, c.ids) }));
}

export interface CorpusReport {
  readonly pair: CorpusPair;
  readonly report: CheckReport;
}

/** Checks every pair; reports with a failing specification only (the others give an empty BCF). */
export async function* checkCorpus(selection: CorpusSelection = {}): AsyncGenerator<CorpusReport> {
  const parsedIds = new Map<string, ReturnType<typeof parseIds> | null>();
  for (const [modelPath, pairs] of samplePairs(selection)) {
    const model = await readIfcFile(modelPath);
    try {
      const modelOrigin = {
        ...readModelOrigin(model),
        sha256: createHash('sha256').update(readFileSync(modelPath)).digest('hex'),
      };
      for (const pair of pairs) {
        const idsBytes = new Uint8Array(readFileSync(pair.idsPath));
        if (!parsedIds.has(pair.idsPath)) {
          const valid = (await validateIds(idsBytes, { fileName: basename(pair.idsPath) })).length === 0;
          parsedIds.set(
            pair.idsPath,
            valid ? parseIds(idsBytes, { fileName: basename(pair.idsPath) }) : null,
          );
        }
        const ids = parsedIds.get(pair.idsPath);
        if (!ids) continue;
        const report = checkModel(model, ids, {
          modelFileName: basename(modelPath),
          modelOrigin,
          idsSha256: createHash('sha256').update(idsBytes).digest('hex'),
        });
        if (report.status === 'fail') yield { pair, report };
      }
    } finally {
      model.dispose();
    }
  }
  for (const pair of conformancePairs(selection)) {
    const report = await checkFiles(pair.modelPath, pair.idsPath);
    if (report.status === 'fail') yield { pair, report };
  }
}

export interface CorpusArchive {
  readonly name: string;
  readonly version: BcfVersion;
  readonly grouping: BcfGrouping;
  readonly bcf: BcfReport;
  /** Topic folders in the archive, counted from its members (not from the writer's figures). */
  readonly topicsInArchive: number;
}

/** The archives written for one report: both versions, for each grouping asked. */
export function archivesOf(
  { pair, report }: CorpusReport,
  groupings: readonly { grouping: BcfGrouping; maxTopics?: number }[],
  countTopics: (bytes: Uint8Array) => number,
): CorpusArchive[] {
  return groupings.flatMap(({ grouping, maxTopics }) =>
    (['2.1', '3.0'] as const).map((version) => {
      const bcf = buildBcfReport(report, { version, grouping, maxTopics });
      return {
        name: `${pair.name} [${version} ${grouping}${maxTopics ? ` cap ${maxTopics}` : ''}]`,
        version,
        grouping,
        bcf,
        topicsInArchive: countTopics(bcf.bytes),
      };
    }),
  );
}

import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATOR_VERSION, type GenerateSummary, generateIfc } from '@plumbline/ifc-gen';
import type { ExpectedRows } from './exactly-once';

/** bench:scale's corpus: generated models of mixed sizes in bench/out/scale-corpus/. */
const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'out');

export interface CorpusModel {
  path: string;
  name: string;
  bytes: number;
}

/**
 * Row counts of each corpus model as a run without kills stored them (file name → counts), kept in
 * bench/out/scale-corpus/: the reference a kill-storm run's rows are compared with.
 */
export const REFERENCE_PATH = join(OUT_DIR, 'scale-corpus', 'reference-rows.json');

export function readReference(): Record<string, ExpectedRows & { generatorVersion: number }> {
  return existsSync(REFERENCE_PATH) ? JSON.parse(readFileSync(REFERENCE_PATH, 'utf8')) : {};
}

/** Sizes spread evenly from min to max, in an order that interleaves large and small. */
export function corpusSizes(models: number, minMb: number, maxMb: number): number[] {
  const sizes = Array.from({ length: models }, (_, i) =>
    Math.round(models === 1 ? maxMb : minMb + ((maxMb - minMb) * i) / (models - 1)),
  );
  const order: number[] = [];
  for (let low = 0, high = sizes.length - 1; low <= high; low++, high--) {
    order.push(sizes[high] as number);
    if (low !== high) order.push(sizes[low] as number);
  }
  return order;
}

export async function ensureCorpus(sizes: number[], seed: number): Promise<CorpusModel[]> {
  const dir = join(OUT_DIR, 'scale-corpus');
  await mkdir(dir, { recursive: true });
  const corpus: CorpusModel[] = [];
  for (const [i, mb] of sizes.entries()) {
    const modelSeed = seed * 1000 + i;
    const path = join(dir, `model-${mb}mb-seed${modelSeed}.ifc`);
    const summaryPath = `${path}.json`;
    let summary: GenerateSummary | null = null;
    if (existsSync(path) && existsSync(summaryPath)) {
      const cached = JSON.parse(await readFile(summaryPath, 'utf8')) as GenerateSummary;
      if (cached.generatorVersion === GENERATOR_VERSION) summary = cached;
    }
    if (!summary) {
      process.stdout.write(`generating ${path} … `);
      summary = await generateIfc({ targetBytes: mb * 1_000_000, seed: modelSeed, out: path });
      await writeFile(summaryPath, `${JSON.stringify(summary, null, 2)}\n`);
      console.log(`${(summary.bytes / 1e6).toFixed(1)} MB in ${summary.seconds.toFixed(1)} s`);
    }
    corpus.push({ path, name: `Model ${i + 1} (${mb} MB).ifc`, bytes: summary.bytes });
  }
  return corpus;
}

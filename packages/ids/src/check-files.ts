/**
 * checkFiles: the whole pipeline on two files, as the CLI, the server worker and the conformance
 * runner use it: validate the IDS (XSD + audit), read the IFC, check, report. An invalid IDS gives
 * an 'invalid' report (never a pass) without reading the model. Unreadable files throw
 * (IfcReadError from @plumbline/ifc, or a Node file-system error).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { readIfcFile, readModelOrigin, type StepIfcModel } from '@plumbline/ifc';
import { type CheckOptions, invalidReport } from './check/check-model';
import { CheckThreads, checkModelInParallel } from './check/parallel-check';
import type { CheckReport } from './results';
import { validateAndParseIds } from './validate-ids';

/**
 * Called with the model once it is checked, before it is let go (`plumbline check --validate`
 * validates it there, so the model is read `forValidity`).
 */
export type WithModel = (model: StepIfcModel) => void | Promise<void>;

export async function checkFiles(
  ifcPath: string,
  idsPath: string,
  options: CheckOptions = {},
  withModel?: WithModel,
): Promise<CheckReport> {
  const started = performance.now();
  // A large model is checked on every core: the threads load the engine while the files are read.
  const large = await stat(ifcPath).then(
    (s) => s.size >= MIN_THREADED_BYTES,
    () => false,
  );
  const threads = large ? CheckThreads.start() : CheckThreads.none();
  try {
    return await checkWithThreads(ifcPath, idsPath, options, started, threads, withModel);
  } finally {
    threads.close();
  }
}

/** Models from this size up are checked on several threads (about 300,000 instances). */
const MIN_THREADED_BYTES = 16 * 1024 * 1024;

async function checkWithThreads(
  ifcPath: string,
  idsPath: string,
  options: CheckOptions,
  started: number,
  threads: CheckThreads,
  withModel: WithModel | undefined,
): Promise<CheckReport> {
  // A Buffer is a Uint8Array: no copy of a pack of tens of MiB.
  const idsBytes: Uint8Array = await readFile(idsPath);
  const idsFileName = basename(idsPath);
  // One read of the IDS serves the audit and the check (a national pack can be tens of MiB).
  const { problems, document } = await validateAndParseIds(idsBytes, { fileName: idsFileName });
  if (problems.length > 0 || document === null) {
    const title = document?.info.title ?? null;
    return invalidReport(
      problems,
      { title, fileName: idsFileName },
      { fileName: basename(ifcPath), schema: null },
      options.now,
      Math.round(performance.now() - started),
    );
  }
  const ids = document;
  // Hashed while the model is read: the identity BCF GUIDs are derived from.
  const modelSha256 = sha256OfFile(ifcPath);
  modelSha256.catch(() => undefined); // awaited below; a read error then surfaces from readIfcFile
  const model = await readIfcFile(ifcPath, { forValidity: withModel !== undefined });
  try {
    const checkOptions = {
      ...options,
      modelFileName: options.modelFileName ?? basename(ifcPath),
      modelOrigin: { ...readModelOrigin(model), sha256: await modelSha256 },
      idsSha256: createHash('sha256').update(idsBytes).digest('hex'),
    };
    const report = await checkModelInParallel(model, ids, checkOptions, { threads });
    await withModel?.(model);
    return report;
  } finally {
    model.dispose();
  }
}

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * One measurement, run in a fresh process by engine-bench.ts so peak memory is this run's own.
 * Prints one JSON line: { engine, wallMs, maxRssBytes, elements, outcomes? }.
 *
 *   tsx bench/bench-child.ts plumbline <model.ifc> <rules.ids>
 *   tsx bench/bench-child.ts plumbline-json <model.ifc> <rules.ids>   (also streams the JSON report to /dev/null)
 *   tsx bench/bench-child.ts plumbline-console|plumbline-html|plumbline-bcf <model.ifc> <rules.ids>
 *                                      (the console text, the HTML page or the BCF 2.1 archive, likewise)
 *   tsx bench/bench-child.ts cli-<console|json|html|bcf> <model.ifc> <rules.ids>   (the CLI, report written to bench/out)
 *   tsx bench/bench-child.ts plumbline-validity <model.ifc> <rules.ids>   (read + check, then the model's validity, timed apart)
 *   tsx bench/bench-child.ts ifc-lite <model.ifc>
 *   tsx bench/bench-child.ts web-ifc <model.ifc>
 */
import { readFile, stat } from 'node:fs/promises';
import { extractWithIfcLite } from './lib/ifc-lite-extract';
import { extractWithWebIfc } from './lib/web-ifc-extract';

export interface ChildResult {
  readonly engine: string;
  readonly wallMs: number;
  readonly maxRssBytes: number;
  /** CPU time of every thread of the process (user + system) while the clock ran: steadier than wall time on a busy machine. */
  readonly cpuMs?: number;
  /** Elements the run looked at: applicable-element checks for ours, walls/doors/windows for the others. */
  readonly elements: number;
  /** Bytes of the report written (plumbline-json, -console, -html, -bcf), or of the CLI's report file (cli-*). */
  readonly reportBytes?: number;
  /** The CLI's exit code (cli-*): 1 when a specification fails, 4 on an internal error. */
  readonly exitCode?: number;
  /** The CLI's message on standard error when it ended with an internal error (cli-*). */
  readonly message?: string;
  /** plumbline-validity: read + check, and the validity rules on the same model after it. */
  readonly checkMs?: number;
  readonly validityMs?: number;
  /** CPU time (all threads) of the read + check, and of validity. */
  readonly checkCpuMs?: number;
  readonly validityCpuMs?: number;
  /** plumbline-validity: per rule, its outcome and finding count (e.g. 'PSE001 fail 12'). */
  readonly validity?: string[];
  readonly outcomes?: {
    identifier: string | null;
    status: string;
    applicableCount: number;
    failedCount: number;
  }[];
}

type ReportFormat = 'json' | 'console' | 'html' | 'bcf';

async function runPlumbline(
  modelPath: string,
  idsPath: string,
  format: ReportFormat | 'validity' | null,
): Promise<Omit<ChildResult, 'maxRssBytes'>> {
  // Imported before the clock starts: module loading is not the engine's work.
  const { readIfcFile } = await import('@plumbline/ifc');
  const { validateModel } = await import('@plumbline/validity');
  const { CheckThreads, checkModelInParallel, parseIds } = await import('@plumbline/ids');
  const { writeJsonReport } = await import('@plumbline/ids/report/json-stream');
  const { formatConsoleReport, writeBcfReport, writeHtmlReport } = await import(
    '@plumbline/ids/report/index'
  );
  const { createWriteStream } = await import('node:fs');
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  // The CLI's order (check-files.ts): check threads started first (they load the engine while the
  // file is read), the IDS while the heap is small, then the model, whose large files are indexed
  // on several threads, then the check on every core.
  // As checkFiles does: threads only for models large enough to be checked on them.
  const large = (await stat(modelPath)).size >= 16 * 1024 * 1024;
  const threads = large ? CheckThreads.start() : CheckThreads.none();
  // Bytes, as the CLI reads them (check-files.ts): the IDS reader decodes them. A Buffer is a
  // Uint8Array, so no copy: the CLI makes none, and copying the 35 MB long-list pack cost 0.17-0.18 s of CPU.
  const ids = parseIds(await readFile(idsPath), { fileName: idsPath });
  // Read as the CLI reads it: for validity too when it is validated (decision 0442).
  const model = await readIfcFile(modelPath, { forValidity: format === 'validity' });
  const report = await checkModelInParallel(model, ids, { modelFileName: modelPath }, { threads });
  threads.close();
  let reportBytes: number | undefined;
  let validity: Pick<ChildResult, 'checkMs' | 'validityMs' | 'checkCpuMs' | 'validityCpuMs' | 'validity'> =
    {};
  if (format === 'validity') {
    // As plumbline check --validate does: the same model, after the check.
    const checkMs = performance.now() - started;
    const checkCpu = process.cpuUsage(cpuStarted);
    const validityStarted = performance.now();
    const validityCpuStarted = process.cpuUsage();
    const result = validateModel(model);
    const validityCpu = process.cpuUsage(validityCpuStarted);
    validity = {
      checkMs,
      validityMs: performance.now() - validityStarted,
      checkCpuMs: (checkCpu.user + checkCpu.system) / 1000,
      validityCpuMs: (validityCpu.user + validityCpu.system) / 1000,
      validity: result.rules.map(
        (r) => `${r.rule} ${r.outcome}${r.outcome === 'fail' ? ` ${r.findingCount}` : ''}`,
      ),
    };
  } else if (format !== null) {
    // Written as the CLI writes it (cli.ts): streamed, waiting on the sink.
    const sink = createWriteStream('/dev/null');
    reportBytes = 0;
    const write = (chunk: string | Uint8Array) => {
      reportBytes =
        (reportBytes ?? 0) + (typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length);
      if (!sink.write(chunk)) return new Promise<void>((resolve) => sink.once('drain', () => resolve()));
    };
    if (format === 'json') await writeJsonReport(report, write);
    else if (format === 'html') await writeHtmlReport(report, write);
    else if (format === 'bcf') await writeBcfReport(report, write);
    else await write(formatConsoleReport(report));
    await new Promise<void>((resolve) => sink.end(resolve));
  }
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  const outcomes = report.specifications.map((s) => ({
    identifier: s.identifier,
    status: s.status,
    applicableCount: s.applicableCount,
    failedCount: s.failedCount,
  }));
  model.dispose();
  return {
    engine: 'plumbline',
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    elements: outcomes.reduce((n, s) => n + s.applicableCount, 0),
    outcomes,
    ...(reportBytes === undefined ? {} : { reportBytes }),
    ...validity,
  };
}

/** The command line end to end (validate the IDS, hash, read, check, write the report) into a file. */
async function runCliFormat(
  format: string,
  modelPath: string,
  idsPath: string,
): Promise<Omit<ChildResult, 'maxRssBytes'>> {
  const { runCli } = await import('@plumbline/ids/cli');
  const { dirname, join } = await import('node:path');
  const out = join(dirname(modelPath), `report-${format}.${format === 'console' ? 'txt' : format}`);
  let stderr = '';
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const exitCode = await runCli(['check', modelPath, idsPath, '--format', format, '--out', out], {
    stdout: process.stdout,
    stderr: {
      write: (chunk: string) => {
        if (stderr.length < 4000) stderr += chunk;
      },
    },
    env: { ...process.env, NO_COLOR: '1' },
    cwd: process.cwd(),
  });
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  const reportBytes = await stat(out).then(
    (s) => s.size,
    () => 0,
  );
  return {
    engine: `cli-${format}`,
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    elements: 0,
    reportBytes,
    exitCode,
    ...(exitCode > 1 ? { message: stderr.trim().split('\n').slice(-3).join(' ') } : {}),
  };
}

async function runOther(
  engine: 'ifc-lite' | 'web-ifc',
  modelPath: string,
): Promise<Omit<ChildResult, 'maxRssBytes'>> {
  if (engine === 'web-ifc') await import('web-ifc');
  else await import('@ifc-lite/parser');
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const result =
    engine === 'web-ifc' ? await extractWithWebIfc(modelPath) : await extractWithIfcLite(modelPath);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  return { engine, wallMs, cpuMs: (cpu.user + cpu.system) / 1000, elements: result.elements };
}

async function main(): Promise<void> {
  const [engine, modelPath, idsPath] = process.argv.slice(2);
  if (!engine || !modelPath)
    throw new Error('usage: bench-child.ts <plumbline|ifc-lite|web-ifc> <model.ifc> [rules.ids]');
  let result: Omit<ChildResult, 'maxRssBytes'>;
  if (engine === 'plumbline' || engine.startsWith('plumbline-')) {
    if (!idsPath) throw new Error('plumbline needs an IDS file');
    const format = engine === 'plumbline' ? null : engine.slice('plumbline-'.length);
    if (format !== null && !['json', 'console', 'html', 'bcf', 'validity'].includes(format))
      throw new Error(`unknown engine ${engine}`);
    result = await runPlumbline(modelPath, idsPath, format as ReportFormat | 'validity' | null);
  } else if (engine.startsWith('cli-')) {
    if (!idsPath) throw new Error('the CLI needs an IDS file');
    result = await runCliFormat(engine.slice(4), modelPath, idsPath);
  } else if (engine === 'ifc-lite' || engine === 'web-ifc') {
    result = await runOther(engine, modelPath);
  } else {
    throw new Error(`unknown engine ${engine}`);
  }
  const line: ChildResult = { ...result, maxRssBytes: process.resourceUsage().maxRSS * 1024 };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

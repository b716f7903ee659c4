/**
 * The `plumbline` command line: check an IFC model against an IDS file and report.
 *
 *   plumbline check <model.ifc> <spec.ids> [--format console|json|html|bcf] [--out FILE]
 *                   [--bcf-version 2.1|3.0] [--bcf-topics type|element] [--bcf-max-topics N]
 *                   [--max-ids-mb N] [--lang en|de|fr|nl] [--validate [--rules …]]
 *   plumbline validate <model.ifc> [--rules PJS003,…] [--format console|json|html] [--out FILE]
 *                   (cli-validate.ts: exit 0 valid, 1 warnings, 2 errors, 3 unreadable model)
 *   plumbline push | results …   the same verdict from a Plumbline server (remote.ts)
 *
 *   plumbline compare <old.ifc> <new.ifc> <rules.ids> [more.ids …] [--format json|html|bcf] [--out FILE]
 *
 * Exit codes: 0 every specification passes (compare: nothing newly fails), 1 any fails (compare:
 * something newly fails), 2 the IDS is invalid or unreadable or the command line is wrong, 3 a model
 * cannot be read, 4 an internal error (a bug).
 *
 * `runCli` takes its arguments, streams and environment as parameters so tests run it in-process;
 * `main` binds it to the real process (bin/plumbline.js calls it from the bundled dist/cli.js).
 *
 * Over 500 lines: the one dispatcher of every subcommand (check, compare, validate, rules, lint) with
 * the argument, file and output handling they share; each command's work is in its own module
 * (check-files, compare-files, cli-validate, cli-rules, cli-lint).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isLocale, LOCALES } from '@plumbline/i18n/locales';
import { IfcReadError } from '@plumbline/ifc';
import {
  formatValidityConsole,
  type ValidityReport,
  validateModel,
  validityCatalogue,
} from '@plumbline/validity';
import packageJson from '../package.json';
import { checkFiles, type WithModel } from './check-files';
import { LINT_USAGE, LintUsageError, runLint } from './cli-lint';
import { type CliStdout, printLintErrors, type Write, writeToStdout } from './cli-output';
import { RULES_USAGE, type RulesCommandResult, rulesCheck, rulesExport } from './cli-rules';
import {
  renderValidity,
  runValidation,
  truncationNote,
  VALIDATE_USAGE,
  validateOptions,
  validityExitCode,
} from './cli-validate';
import { type ComparedFiles, compareFiles } from './compare-files';
import { MAX_MAX_IDS_MB, maxIdsBytes, setMaxIdsMb } from './ids-size-limit';
import { runRemote } from './remote';
import {
  BCF_VERSIONS,
  type BcfGrouping,
  type BcfVersion,
  DEFAULT_BCF_VERSION,
  DEFAULT_MAX_BCF_TOPICS,
  formatConsoleReport,
  MAX_BCF_TOPICS,
  writeBcfReport,
  writeHtmlReport,
} from './report';
import { hasNewFailures, renderCompareHtml, toCompareJson, writeCompareBcf } from './report/compare-report';
import { handOver, writeJsonReport } from './report/json-stream';
import { idsWords, type Words } from './report/words';
import type { CheckReport } from './results';

export const EXIT = { pass: 0, fail: 1, invalidIds: 2, usage: 2, unreadableModel: 3, internal: 4 } as const;

const FORMATS = ['console', 'json', 'html', 'bcf'] as const;
type Format = (typeof FORMATS)[number];

export interface CliIo {
  readonly stdout: CliStdout;
  readonly stderr: { write(chunk: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

export interface CliDependencies {
  readonly checkFiles: (
    ifcPath: string,
    idsPath: string,
    options?: Record<string, never>,
    withModel?: WithModel,
  ) => Promise<CheckReport>;
  readonly compareFiles?: (
    oldIfc: string,
    newIfc: string,
    idsPaths: readonly string[],
  ) => Promise<ComparedFiles>;
}

export const USAGE = `Usage: plumbline check <model.ifc> <spec.ids> [options]
       plumbline compare <old.ifc> <new.ifc> <rules.ids> [more.ids …] [options]
       plumbline validate <model.ifc> [options]   (plumbline validate --help)
       plumbline rules check|export …             (plumbline rules --help)
       plumbline lint <spec.ids> [--format text|json|sarif] [--fix]   (plumbline lint --help)
       plumbline push <model.ifc> --url URL --project ID      (a Plumbline server checks it;
       plumbline results --url URL --project ID --file NAME    see plumbline push --help)

Check an IFC model (IFC2X3, IFC4, IFC4X3) against a buildingSMART IDS 1.0 file, or compare two
versions of a model checked against the same IDS files: per specification the failures that are
new, resolved, removed with their element, and how many persist (elements are matched by GlobalId,
then by content where an exporter regenerated GlobalIds).

Options:
  -f, --format <format>    console (default), json, html or bcf; without --format the
                           extension of --out decides (.json, .html, .bcf). compare: json
                           (default), html or bcf (the new failures)
      --bcf-version <v>    BCF-XML release: 2.1 (default; most BCF tools import it) or 3.0
      --bcf-topics <t>     type (default): a topic per failing element type and specification;
                           element: a topic per failing element
      --bcf-max-topics <n> most topics in the BCF (default 5000, at most 32766); when more, every failing
                           specification keeps one and a summary topic says what was left out
  -o, --out <file>         write the report to this file instead of standard output
      --lang <language>    language of the report: en (default), de, fr or nl
      --max-failures <n>   failing elements listed per specification (console; default 10)
      --max-ids-mb <n>     largest IDS file read, in MiB (default 128, at most 1024)
      --validate           also check the model's own validity (plumbline validate) and add it
                           to the report; with --rules <ids> only those rules
      --no-color           no colours in console output (also when NO_COLOR is set)
  -h, --help               show this help
  -v, --version            show the version

Exit codes:
  0  every specification passes (and, with --validate, no validity error; compare: nothing
     newly fails)
  1  at least one specification fails (or, with --validate, a validity rule fails with an error;
     compare: something newly fails)
  2  the IDS is invalid or cannot be read, or the command line is wrong
  3  a model cannot be read
  4  internal error (a bug: please report it with the message)
`;

class CliError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

export async function runCli(
  argv: readonly string[],
  io: CliIo,
  dependencies: CliDependencies = { checkFiles, compareFiles },
): Promise<number> {
  const [first, ...rest] = argv;
  if (first === 'push' || first === 'results') return runRemote(first, rest, io);
  try {
    return await run(argv, io, dependencies);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr.write(`plumbline: ${error.message}\n`);
      if (error.exitCode === EXIT.usage && error.message.startsWith('usage:')) {
        io.stderr.write(
          `\n${argv.includes('validate') ? VALIDATE_USAGE : argv.includes('rules') ? RULES_USAGE : USAGE}`,
        );
      }
      return error.exitCode;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr.write(`plumbline: internal error; please report it with this message:\n${detail}\n`);
    return EXIT.internal;
  }
}

async function run(argv: readonly string[], io: CliIo, dependencies: CliDependencies): Promise<number> {
  if (argv[0] === 'lint') {
    try {
      return await runLint(argv.slice(1), io, packageJson.version);
    } catch (error) {
      if (!(error instanceof LintUsageError)) throw error;
      io.stderr.write(`plumbline: usage: ${error.message}\n\n${LINT_USAGE}`);
      return EXIT.usage;
    }
  }
  const { values, positionals } = parseCommandLine(argv);
  if (values.help) {
    io.stdout.write(
      positionals[0] === 'validate' ? VALIDATE_USAGE : positionals[0] === 'rules' ? RULES_USAGE : USAGE,
    );
    return 0;
  }
  if (values.version) {
    io.stdout.write(`plumbline ${packageJson.version}\n`);
    return 0;
  }
  const [command, modelArg, idsArg, ...extra] = positionals;
  if (command === 'compare') return runCompare(positionals.slice(1), values, io, dependencies);
  if (command === 'validate') return runValidate(values, modelArg, [idsArg, ...extra], io);
  if (command === 'rules') return runRules(values, positionals.slice(1), io);
  if (command !== 'check') {
    throw usage(command === undefined ? 'no command given' : `unknown command '${command}'`);
  }
  if (!modelArg || !idsArg) throw usage('check needs a model (.ifc) and an IDS file (.ids)');
  if (extra.length > 0) throw usage(`unexpected argument '${extra[0]}'`);

  const outPath = values.out === undefined ? null : resolve(io.cwd, values.out);
  const format = chooseFormat(values.format, outPath);
  if (format === 'bcf' && outPath === null && io.stdout.isTTY) {
    throw usage('a BCF report is a zip archive; pass --out FILE.bcf (or redirect standard output)');
  }
  const maxFailures = parseCount(values['max-failures']);
  const lang = values.lang ?? 'en';
  if (!isLocale(lang)) throw usage(`unknown language '${lang}'; choose one of ${LOCALES.join(', ')}`);
  const words = idsWords(lang);
  const bcf = parseBcfOptions(values);
  if (values['max-ids-mb'] !== undefined) {
    const mb = parseCount(values['max-ids-mb'], '--max-ids-mb', 0);
    if (mb < 1 || mb > MAX_MAX_IDS_MB)
      throw usage(`--max-ids-mb needs a number of MiB from 1 to ${MAX_MAX_IDS_MB}`);
    setMaxIdsMb(mb);
  }

  const modelPath = resolve(io.cwd, modelArg);
  const idsPath = resolve(io.cwd, idsArg);
  await assertReadableFile(idsPath, 'IDS file', EXIT.invalidIds, maxIdsBytes());
  await assertReadableFile(modelPath, 'model', EXIT.unreadableModel, null);

  let report: CheckReport;
  let validity: ValidityReport | null = null;
  const validation = values.validate ? parseValidateOptions(values) : null;
  try {
    report = await dependencies.checkFiles(
      modelPath,
      idsPath,
      {},
      validation
        ? (model) => {
            validity = validateModel(model, validation);
          }
        : undefined,
    );
  } catch (error) {
    if (error instanceof IfcReadError) {
      throw new CliError(EXIT.unreadableModel, `cannot read the model ${modelArg}: ${error.message}`);
    }
    throw error;
  }

  if (report.status === 'invalid') {
    io.stderr.write(
      `plumbline: the IDS file ${idsArg} is invalid (${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}); nothing was checked\n`,
    );
    // A file that could not be read as XML has its reason in the report; the linter would read it
    // again only to say the same (for a file past the element limit, a second tree to the limit).
    if (!report.problems.some((problem) => problem.unreadable))
      await printLintErrors(idsPath, idsArg, io.stderr);
    if (format === 'bcf' || outPath !== null) io.stderr.write(formatConsoleReport(report, { words }));
    if (format === 'bcf') return EXIT.invalidIds;
  }

  const color = outPath === null && io.stdout.isTTY === true && !values['no-color'] && !io.env.NO_COLOR;
  // The JSON writer is handed the report, so it can let go of each specification once written.
  if (format === 'json') report = handOver(report);
  // JSON, HTML and BCF are streamed: a report of a huge model can exceed the longest string V8 can
  // build, and memory should not follow the report's size (issue 22).
  const checked: ValidityReport | null = validity;
  const produce: (write: Write) => Promise<void> =
    format === 'json'
      ? (write) => writeJsonReport(report, write, undefined, words, checked)
      : format === 'html'
        ? (write) => writeHtmlReport(report, write, { words, validity: checked })
        : format === 'bcf'
          ? (write) => writeBcf(report, write, bcf, io, words)
          : async (write) => write(renderConsole(report, { color, maxFailures, words }, checked));
  if (outPath === null) {
    await produce((chunk) => writeToStdout(io.stdout, chunk));
  } else {
    await writeAtomically(outPath, produce);
    io.stderr.write(`plumbline: wrote ${format} report to ${values.out} (${verdict(report)})\n`);
  }
  if (report.status === 'invalid') return EXIT.invalidIds;
  if (checked) {
    const note = truncationNote(checked);
    if (note) io.stderr.write(`${note}\n`);
    if (validityExitCode(checked) === 2) return EXIT.fail;
  }
  return report.status === 'pass' ? EXIT.pass : EXIT.fail;
}

type ParsedValues = ReturnType<typeof parseCommandLine>['values'];

const COMPARE_FORMATS = ['json', 'html', 'bcf'] as const;

/** `plumbline compare old.ifc new.ifc rules.ids [more.ids …]`: exit 1 when anything newly fails. */
async function runCompare(
  args: readonly string[],
  values: ParsedValues,
  io: CliIo,
  dependencies: CliDependencies,
): Promise<number> {
  const [oldArg, newArg, ...idsArgs] = args;
  if (!oldArg || !newArg || idsArgs.length === 0)
    throw usage('compare needs the old model, the new model and at least one IDS file');
  const outPath = values.out === undefined ? null : resolve(io.cwd, values.out);
  const chosen =
    values.format === undefined && outPath === null ? 'json' : chooseFormat(values.format, outPath);
  const format = COMPARE_FORMATS.find((candidate) => candidate === chosen);
  if (!format) throw usage(`compare writes ${COMPARE_FORMATS.join(', ')}, not '${chosen}'`);
  if (format === 'bcf' && outPath === null && io.stdout.isTTY)
    throw usage('a BCF report is a zip archive; pass --out FILE.bcf (or redirect standard output)');
  const bcf = parseBcfOptions({ ...values, 'bcf-topics': values['bcf-topics'] ?? 'element' });
  const idsPaths = idsArgs.map((arg) => resolve(io.cwd, arg));
  for (const path of idsPaths) await assertReadableFile(path, 'IDS file', EXIT.invalidIds, maxIdsBytes());
  const oldPath = resolve(io.cwd, oldArg);
  const newPath = resolve(io.cwd, newArg);
  await assertReadableFile(oldPath, 'model', EXIT.unreadableModel, null);
  await assertReadableFile(newPath, 'model', EXIT.unreadableModel, null);
  let compared: ComparedFiles;
  try {
    compared = await (dependencies.compareFiles ?? compareFiles)(oldPath, newPath, idsPaths);
  } catch (error) {
    if (error instanceof IfcReadError)
      throw new CliError(EXIT.unreadableModel, `cannot read a model: ${error.message}`);
    throw error;
  }
  if (compared.status === 'invalid') {
    for (const file of compared.invalid) {
      const first = file.problems[0];
      io.stderr.write(
        `plumbline: the IDS file ${file.fileName} is invalid (${file.problems.length} problem${file.problems.length === 1 ? '' : 's'})${first ? `: ${first.line === null ? '' : `line ${first.line}: `}${first.message}` : ''}\n`,
      );
    }
    return EXIT.invalidIds;
  }
  const produce: (write: Write) => Promise<void> =
    format === 'json'
      ? async (write) => write(`${JSON.stringify(toCompareJson(compared), null, 2)}\n`)
      : format === 'html'
        ? async (write) =>
            write(renderCompareHtml(compared, { old: basename(oldPath), next: basename(newPath) }))
        : async (write) => {
            await writeCompareBcf(compared, write, bcf);
          };
  if (outPath === null) await produce((chunk) => writeToStdout(io.stdout, chunk));
  else await writeAtomically(outPath, produce);
  const totals = compared.comparison.specifications.reduce(
    (sum, spec) => ({ new: sum.new + spec.counts.new, resolved: sum.resolved + spec.counts.resolved }),
    { new: 0, resolved: 0 },
  );
  if (outPath !== null)
    io.stderr.write(
      `plumbline: wrote ${format} comparison to ${values.out} (${totals.new} new, ${totals.resolved} resolved)\n`,
    );
  return hasNewFailures(compared) ? EXIT.fail : EXIT.pass;
}

function parseValidateOptions(values: { rules?: string; 'max-findings'?: string }) {
  try {
    return validateOptions(values);
  } catch (error) {
    throw usage((error as Error).message);
  }
}

/** `plumbline rules check|export`: see cli-rules.ts. */
async function runRules(
  values: ReturnType<typeof parseCommandLine>['values'],
  args: readonly string[],
  io: CliIo,
): Promise<number> {
  const [sub, ...files] = args;
  const outPath = values.out === undefined ? null : resolve(io.cwd, values.out);
  let result: RulesCommandResult;
  if (sub === 'check' && files.length === 2) {
    const format = values.format ?? (outPath?.endsWith('.json') ? 'json' : 'console');
    if (format !== 'console' && format !== 'json') throw usage('rules check writes console or json');
    const modelPath = resolve(io.cwd, files[0]!);
    await assertReadableFile(modelPath, 'model', EXIT.unreadableModel, null);
    result = await rulesCheck(modelPath, resolve(io.cwd, files[1]!), format);
  } else if (sub === 'export' && files.length === 1) {
    result = await rulesExport(resolve(io.cwd, files[0]!));
  } else {
    throw usage('rules check <model.ifc> <rules.json> | rules export <rules.json>');
  }
  for (const note of result.notes) io.stderr.write(`${note}\n`);
  if (result.text !== undefined) {
    const text = result.text;
    if (outPath === null) await writeToStdout(io.stdout, text);
    else await writeAtomically(outPath, async (write) => write(text));
  }
  return result.exitCode;
}

/** `plumbline validate`: see cli-validate.ts. */
async function runValidate(
  values: ReturnType<typeof parseCommandLine>['values'],
  modelArg: string | undefined,
  extra: readonly (string | undefined)[],
  io: CliIo,
): Promise<number> {
  if (!modelArg) throw usage('validate needs a model (.ifc)');
  const unexpected = extra.find((a) => a !== undefined);
  if (unexpected !== undefined) throw usage(`unexpected argument '${unexpected}'`);
  const outPath = values.out === undefined ? null : resolve(io.cwd, values.out);
  const format = chooseFormat(values.format, outPath);
  if (format === 'bcf') throw usage('validate writes console, json or html');
  const options = parseValidateOptions(values);
  const modelPath = resolve(io.cwd, modelArg);
  await assertReadableFile(modelPath, 'model', EXIT.unreadableModel, null);
  const result = await runValidation(modelPath, options);
  if ('exitCode' in result) {
    if (result.exitCode === 2) throw usage(result.message.replace(/^usage: /, ''));
    throw new CliError(result.exitCode, result.message);
  }
  const color = outPath === null && io.stdout.isTTY === true && !values['no-color'] && !io.env.NO_COLOR;
  const text = renderValidity(result.report, format, basename(modelPath), color);
  if (outPath === null) await writeToStdout(io.stdout, text);
  else {
    await writeAtomically(outPath, async (write) => write(text));
    io.stderr.write(`plumbline: wrote ${format} validity report to ${values.out}\n`);
  }
  const note = truncationNote(result.report);
  if (note) io.stderr.write(`${note}\n`);
  return validityExitCode(result.report);
}

function parseCommandLine(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string', short: 'f' },
        out: { type: 'string', short: 'o' },
        'max-failures': { type: 'string' },
        'max-ids-mb': { type: 'string' },
        'bcf-version': { type: 'string' },
        'bcf-topics': { type: 'string' },
        'bcf-max-topics': { type: 'string' },
        'no-color': { type: 'boolean' },
        lang: { type: 'string' },
        validate: { type: 'boolean' },
        rules: { type: 'string' },
        'max-findings': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw usage(
      error instanceof Error ? error.message.replace(/\. To specify a positional.*$/s, '') : String(error),
    );
  }
}

function usage(message: string): CliError {
  return new CliError(EXIT.usage, `usage: ${message}`);
}

function chooseFormat(requested: string | undefined, outPath: string | null): Format {
  if (requested !== undefined) {
    const format = FORMATS.find((candidate) => candidate === requested.toLowerCase());
    if (!format) throw usage(`unknown format '${requested}'; choose one of ${FORMATS.join(', ')}`);
    return format;
  }
  const extension = outPath === null ? '' : extname(outPath).toLowerCase();
  if (extension === '.json') return 'json';
  if (extension === '.html' || extension === '.htm') return 'html';
  // .bcfzip: what earlier versions wrote; the standard's extension is .bcf.
  if (extension === '.bcf' || extension === '.bcfzip') return 'bcf';
  return 'console';
}

function parseCount(text: string | undefined, option = '--max-failures', fallback = 10): number {
  if (text === undefined) return fallback;
  if (!/^\d{1,9}$/.test(text)) throw usage(`${option} needs a whole number, not '${text}'`);
  return Number(text);
}

interface BcfCliOptions {
  readonly version: BcfVersion;
  readonly grouping: BcfGrouping;
  readonly maxTopics: number;
}

function parseBcfOptions(values: {
  'bcf-version'?: string;
  'bcf-topics'?: string;
  'bcf-max-topics'?: string;
}): BcfCliOptions {
  const versionText = values['bcf-version'] ?? DEFAULT_BCF_VERSION;
  const version = BCF_VERSIONS.find((candidate) => candidate === versionText);
  if (!version) throw usage(`unknown BCF version '${versionText}'; choose one of ${BCF_VERSIONS.join(', ')}`);
  const grouping = values['bcf-topics'] ?? 'type';
  if (grouping !== 'type' && grouping !== 'element')
    throw usage(`unknown --bcf-topics '${grouping}'; choose type or element`);
  const maxTopics = parseCount(values['bcf-max-topics'], '--bcf-max-topics', DEFAULT_MAX_BCF_TOPICS);
  if (maxTopics < 2) throw usage('--bcf-max-topics needs at least 2 (a finding and the summary topic)');
  if (maxTopics > MAX_BCF_TOPICS)
    throw usage(`--bcf-max-topics can be at most ${MAX_BCF_TOPICS} (the members a zip archive can hold)`);
  return { version, grouping, maxTopics };
}

/** Fails early, with the right exit code, on a missing, unreadable, non-regular or oversized file. */
async function assertReadableFile(path: string, what: string, exitCode: number, maxBytes: number | null) {
  const name = basename(path);
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new CliError(exitCode, `the ${what} ${name} is not a file`);
    size = info.size;
    const handle = await open(path, 'r');
    await handle.close();
  } catch (error) {
    if (error instanceof CliError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'does not exist' : code === 'EACCES' ? 'is not readable' : 'cannot be opened';
    throw new CliError(exitCode, `the ${what} ${path} ${reason}`);
  }
  if (size === 0) throw new CliError(exitCode, `the ${what} ${name} is empty`);
  if (maxBytes !== null && size > maxBytes) {
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    throw new CliError(exitCode, `the ${what} ${name} is ${mib(size)}; the limit is ${mib(maxBytes)}`);
  }
}

function renderConsole(
  report: CheckReport,
  options: { color: boolean; maxFailures: number; words: Words },
  validity: ValidityReport | null,
): string {
  const text = formatConsoleReport(report, {
    color: options.color,
    maxFailuresPerSpecification: options.maxFailures,
    words: options.words,
  });
  if (!validity) return text;
  // The findings in the report's language (its frame and headings are English so far).
  const catalogue = validityCatalogue(options.words.locale);
  return `${text}\n${formatValidityConsole(validity, { color: options.color }, catalogue)}`;
}

async function writeBcf(
  report: CheckReport,
  write: Write,
  options: BcfCliOptions,
  io: CliIo,
  words: Words,
): Promise<void> {
  const bcf = await writeBcfReport(report, write, {
    ...options,
    words,
    fullExportHint: (findings) =>
      words.t('ids.bcf.cliHint', { topics: findings + 1, grouping: options.grouping }),
  });
  if (bcf.omittedFindings > 0) {
    io.stderr.write(
      `plumbline: the BCF holds ${bcf.topicCount} topics (cap ${options.maxTopics}); ${bcf.omittedFindings} more covering ${bcf.omittedElements} failing elements were left out (raise --bcf-max-topics, or see the JSON report)\n`,
    );
  }
}

function verdict(report: CheckReport): string {
  if (report.status === 'invalid') return 'IDS invalid';
  const passed = report.specifications.filter((specification) => specification.status === 'pass').length;
  return `${report.status.toUpperCase()}: ${passed} of ${report.specifications.length} specifications passed`;
}

/**
 * Streams to a temporary file beside the target, then renames: no half-written report on a crash.
 * `produce` writes the report through the function it is given (waiting on back-pressure).
 */
async function writeAtomically(path: string, produce: (write: Write) => Promise<void>): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const file = createWriteStream(temporary);
    const failed = new Promise<never>((_, reject) => file.once('error', reject));
    failed.catch(() => {}); // observed below through Promise.race
    const write: Write = (chunk) =>
      file.write(chunk)
        ? undefined
        : Promise.race([new Promise<void>((resolve) => file.once('drain', resolve)), failed]);
    await Promise.race([produce(write), failed]);
    await Promise.race([new Promise<void>((resolve) => file.end(resolve)), failed]);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new CliError(EXIT.usage, `cannot write the report to ${path} (${code})`);
  }
}

/** Entry point for bin/plumbline.js. */
export async function main(): Promise<void> {
  // A reader that stops early (`plumbline check … | head`) closes the pipe: not worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  process.exitCode = await runCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  });
}

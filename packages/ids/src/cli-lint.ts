/**
 * `plumbline lint <rules.ids> [--format text|json|sarif] [--fix]`: the IDS linter (lint rules plus
 * the IDS 1.0 XSD) on one file. Exit codes: 0 clean (info only), 1 warnings only, 2 errors, or the
 * file cannot be read, or a wrong command line; 4 internal error (cli.ts).
 *
 * --fix rewrites the file in place, as `eslint --fix` does: every safe quick fix applied (linting
 * again after each pass), written to a temporary file beside it and renamed over it; then the
 * diagnostics that remain are reported.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import type { Diagnostic } from './lint/diagnostic';
import { fixAll } from './lint/fix';
import { countBySeverity } from './lint/lint';
import { lintIdsFile } from './lint/lint-file';
import { toSarif } from './lint/sarif';
import { xmlText } from './xml/xml-tree';

export const LINT_EXIT = { clean: 0, warnings: 1, errors: 2 } as const;

const FORMATS = ['text', 'json', 'sarif'] as const;
type LintFormat = (typeof FORMATS)[number];

export const LINT_USAGE = `Usage: plumbline lint <rules.ids> [options]

Lint a buildingSMART IDS 1.0 file: the IDS 1.0 schema and about 70 rules (unknown or misspelt
entities, property sets, properties and data types; values that do not fit their type; XSD
patterns other tools read differently; contradictions; …). Rules: packages/ids/LINT.md.

Options:
  -f, --format <format>  text (default), json or sarif (SARIF 2.1.0, for code scanning and IDEs)
      --fix              rewrite the file with every safe quick fix applied, then report what remains
  -h, --help             show this help

Exit codes:
  0  no errors or warnings (info findings may remain)
  1  warnings, no errors
  2  errors (the IDS is invalid), or the file cannot be read, or a wrong command line
`;

export interface LintIo {
  readonly stdout: { write(chunk: string): unknown };
  readonly stderr: { write(chunk: string): unknown };
  readonly cwd: string;
}

export class LintUsageError extends Error {}

function parse(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string', short: 'f' },
        fix: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new LintUsageError(
      error instanceof Error ? error.message.replace(/\. To specify a positional.*$/s, '') : String(error),
    );
  }
}

function isUtf16(bytes: Uint8Array): boolean {
  const [a, b] = [bytes[0], bytes[1]];
  return (
    (a === 0xff && b === 0xfe) ||
    (a === 0xfe && b === 0xff) ||
    (a === 0x3c && b === 0x00) ||
    (a === 0x00 && b === 0x3c)
  );
}

/** The exit code a set of diagnostics gives. */
export function lintExitCode(diagnostics: readonly Diagnostic[]): number {
  const counts = countBySeverity(diagnostics);
  return counts.error > 0 ? LINT_EXIT.errors : counts.warning > 0 ? LINT_EXIT.warnings : LINT_EXIT.clean;
}

/** Compiler-style lines, one per diagnostic, and a summary line. */
export function formatLintText(file: string, diagnostics: readonly Diagnostic[], fixedCount = 0): string {
  const lines = diagnostics.map((d) => {
    const fixable = d.fixes.some((f) => f.safe) ? ' [fixable]' : d.fixes.length > 0 ? ' [suggestion]' : '';
    return `${file}:${d.range.start.line}:${d.range.start.column}: ${d.severity} ${d.rule}: ${d.message}${fixable}`;
  });
  const c = countBySeverity(diagnostics);
  const fixable = diagnostics.filter((d) => d.fixes.some((f) => f.safe)).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  let summary =
    diagnostics.length === 0
      ? `${file}: no problems`
      : `${file}: ${plural(c.error, 'error')}, ${plural(c.warning, 'warning')}, ${c.info} info${fixable > 0 ? `; ${fixable} fixable with --fix` : ''}`;
  if (fixedCount > 0) summary += ` (after ${fixedCount} fix${fixedCount === 1 ? '' : 'es'} applied)`;
  return `${[...lines, summary].join('\n')}\n`;
}

/** The JSON form: `{ "diagnostics": [ … ] }` with every diagnostic's rule, severity, message, range and fixes. */
export function formatLintJson(diagnostics: readonly Diagnostic[]): string {
  return `${JSON.stringify({ diagnostics }, null, 2)}\n`;
}

/** A relative URI for SARIF: the path from the working directory, with / separators, percent-encoded. */
function sarifUri(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  const inside = rel !== '' && !rel.startsWith('..');
  return encodeURI((inside ? rel : path).split(sep).join('/'));
}

async function writeInPlace(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Runs `plumbline lint` (argv after the command word); resolves to the exit code. */
export async function runLint(argv: readonly string[], io: LintIo, version: string): Promise<number> {
  const { values, positionals } = parse(argv);
  if (values.help) {
    io.stdout.write(LINT_USAGE);
    return 0;
  }
  const [file, ...extra] = positionals;
  if (!file) throw new LintUsageError('lint needs an IDS file');
  if (extra.length > 0) throw new LintUsageError(`unexpected argument '${extra[0]}'`);
  const format = (values.format ?? 'text').toLowerCase();
  if (!(FORMATS as readonly string[]).includes(format))
    throw new LintUsageError(`unknown format '${values.format}'; choose one of ${FORMATS.join(', ')}`);
  const path = resolve(io.cwd, file);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    io.stderr.write(
      `plumbline: the IDS file ${path} ${code === 'ENOENT' ? 'does not exist' : 'cannot be read'}\n`,
    );
    return LINT_EXIT.errors;
  }
  let fixed = 0;
  if (values.fix) {
    if (isUtf16(bytes)) throw new LintUsageError('--fix rewrites UTF-8 files only; this file is UTF-16');
    const text = xmlText(bytes);
    const result = fixAll(text);
    if (result.applied > 0) {
      await writeInPlace(path, result.text);
      bytes = new TextEncoder().encode(result.text);
      fixed = result.applied;
    }
  }
  const { diagnostics } = await lintIdsFile(bytes, { fileName: basename(path) });
  const out =
    (format as LintFormat) === 'json'
      ? formatLintJson(diagnostics)
      : format === 'sarif'
        ? `${JSON.stringify(toSarif(diagnostics, { uri: sarifUri(path, io.cwd), toolVersion: version }), null, 2)}\n`
        : formatLintText(file, diagnostics, fixed);
  io.stdout.write(out);
  if (fixed > 0 && format !== 'text')
    io.stderr.write(`plumbline: applied ${fixed} fix${fixed === 1 ? '' : 'es'} to ${file}\n`);
  return lintExitCode(diagnostics);
}

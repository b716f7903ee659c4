// Standard output's writer and the lint lines of a refused IDS: cli.ts's output, apart from its flow.
import { readFile } from 'node:fs/promises';
import { lintIds } from './lint/lint';
import { xmlText } from './xml/xml-tree';

/** The standard output the CLI writes to (process.stdout, or a test's). */
export interface CliStdout {
  write(chunk: string | Uint8Array): unknown;
  /** When given, a `write` returning false is waited on until 'drain' (back-pressure) or 'close'. */
  once?(event: 'drain' | 'close', listener: () => void): unknown;
  /** True once the stream is gone (the reader closed the pipe): nothing more is written or awaited. */
  readonly destroyed?: boolean;
  readonly isTTY?: boolean;
}

export type Write = (chunk: string | Uint8Array) => void | Promise<void>;

/**
 * Writes to standard output, waiting for 'drain' when the stream asks to. A reader that closed the
 * pipe (`| head`) never drains: then the rest is dropped instead of awaited for ever (Node would
 * end the process with exit code 13, an unsettled top-level await).
 */
export function writeToStdout(stdout: CliStdout, chunk: string | Uint8Array): void | Promise<void> {
  if (stdout.destroyed) return;
  if (stdout.write(chunk) !== false || !stdout.once) return;
  return new Promise((resolve) => {
    stdout.once?.('drain', resolve);
    stdout.once?.('close', resolve);
  });
}

/** Lint errors printed for a refused IDS at most; the report lists every problem. */
const MAX_LINT_LINES = 50;

/**
 * The lint errors that make the IDS invalid, compiler style with their rule ids, on standard error
 * (the XSD's findings are in the report already: not validated a second time).
 */
export async function printLintErrors(
  idsPath: string,
  idsArg: string,
  stderr: { write(chunk: string): unknown },
): Promise<void> {
  const errors = lintIds(xmlText(new Uint8Array(await readFile(idsPath)))).diagnostics.filter(
    (d) => d.severity === 'error',
  );
  for (const d of errors.slice(0, MAX_LINT_LINES))
    stderr.write(`${idsArg}:${d.range.start.line}:${d.range.start.column}: error ${d.rule}: ${d.message}\n`);
  if (errors.length > MAX_LINT_LINES)
    stderr.write(
      `plumbline: ${errors.length - MAX_LINT_LINES} more lint errors; run plumbline lint ${idsArg}\n`,
    );
}

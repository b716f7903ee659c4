/**
 * The console reporter: a summary a person reads in a terminal. Per specification its status and
 * counts, then the first few failing elements with their reasons; one closing result line.
 * Colour is the caller's decision (TTY and NO_COLOR are the CLI's business), so this stays pure.
 */
import { failingIdsOf, firstFailingElements } from '../check/part-results';
import type { CheckReport, SpecificationResult } from '../results';
import { schemaSubstitutionNote } from './schema-note';
import { describeElement, elementReasons, formatDuration, specificationLabel, summarize } from './summary';

export interface ConsoleReportOptions {
  /** ANSI colours; default false. */
  readonly color?: boolean;
  /** Failing elements listed per specification before "… and N more"; default 10. */
  readonly maxFailuresPerSpecification?: number;
}

type Paint = (text: string) => string;

interface Palette {
  readonly red: Paint;
  readonly green: Paint;
  readonly yellow: Paint;
  readonly dim: Paint;
  readonly bold: Paint;
}

const ansi = (open: number, close: number): Paint => {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
};

const colours: Palette = {
  red: ansi(31, 39),
  green: ansi(32, 39),
  yellow: ansi(33, 39),
  dim: ansi(2, 22),
  bold: ansi(1, 22),
};

const identity: Paint = (text) => text;
const plain: Palette = { red: identity, green: identity, yellow: identity, dim: identity, bold: identity };

/** Control characters in names from the model could move the cursor or recolour the terminal. */
function clean(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '?');
}

export function formatConsoleReport(report: CheckReport, options: ConsoleReportOptions = {}): string {
  const paint = options.color ? colours : plain;
  const maxFailures = Math.max(0, options.maxFailuresPerSpecification ?? 10);
  const lines: string[] = [];

  lines.push(paint.bold('Plumbline IDS check'));
  const schema = report.model.schema ? ` (${report.model.schema})` : '';
  lines.push(`  Model  ${clean(report.model.fileName ?? 'unnamed model')}${schema}`);
  if (report.model.schemaSubstitution)
    lines.push(`  Note   ${clean(schemaSubstitutionNote(report.model.schemaSubstitution))}`);
  const idsTitle = report.ids.title ? `${clean(report.ids.title)} ` : '';
  const idsFile = report.ids.fileName ? `(${clean(report.ids.fileName)})` : '';
  lines.push(`  IDS    ${`${idsTitle}${idsFile}`.trim() || 'unnamed IDS'}`);
  lines.push('');

  if (report.status === 'invalid') {
    lines.push(paint.red(paint.bold('The IDS is invalid; nothing was checked.')));
    for (const problem of report.problems) {
      const where =
        problem.line === null
          ? ''
          : `line ${problem.line}${problem.column === null ? '' : `:${problem.column}`}: `;
      lines.push(`  - ${where}${clean(problem.message)}`);
    }
    lines.push('');
    lines.push(`Result: ${paint.red(paint.bold('INVALID'))}`);
    return `${lines.join('\n')}\n`;
  }

  report.specifications.forEach((specification, index) => {
    lines.push(...specificationLines(specification, index, paint, maxFailures));
  });
  if (report.specifications.length === 0) lines.push(paint.yellow('The IDS has no specifications.'));

  const summary = summarize(report);
  lines.push('');
  const verdict = report.status === 'pass' ? paint.green(paint.bold('PASS')) : paint.red(paint.bold('FAIL'));
  const specs = `${summary.specificationsPassed} of ${summary.specifications} specifications passed`;
  const elements =
    summary.failingElements > 0
      ? `, ${summary.failingElements} failing element${summary.failingElements === 1 ? '' : 's'}`
      : '';
  lines.push(`Result: ${verdict}  ${specs}${elements}, checked in ${formatDuration(report.durationMs)}`);
  return `${lines.join('\n')}\n`;
}

function specificationLines(
  specification: SpecificationResult,
  index: number,
  paint: Palette,
  maxFailures: number,
): string[] {
  const lines: string[] = [];
  const badge = specification.status === 'pass' ? paint.green('✔ PASS') : paint.red('✘ FAIL');
  const counts = [`${specification.applicableCount} applicable`, `${specification.passedCount} passed`];
  if (specification.failedCount > 0) counts.push(paint.red(`${specification.failedCount} failed`));
  const identifier = specification.identifier ? paint.dim(` [${clean(specification.identifier)}]`) : '';
  lines.push(`${badge}  ${paint.bold(clean(specificationLabel(specification, index)))}${identifier}`);
  lines.push(`        ${paint.dim(counts.join(' · '))}`);
  if (specification.reason) lines.push(`        ${paint.yellow(clean(specification.reason))}`);

  for (const element of firstFailingElements(specification, maxFailures)) {
    lines.push(`        ${clean(describeElement(element))}`);
    for (const reason of elementReasons(specification, element)) lines.push(`          - ${clean(reason)}`);
  }
  const failing = failingIdsOf(specification).length;
  if (failing > maxFailures) {
    lines.push(paint.dim(`        … and ${failing - maxFailures} more failing elements`));
  }
  return lines;
}

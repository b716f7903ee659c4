/**
 * The console reporter: a summary a person reads in a terminal. Per specification its status and
 * counts, then the first few failing elements with their reasons; one closing result line.
 * Colour is the caller's decision (TTY and NO_COLOR are the CLI's business), so this stays pure.
 */
import { failingIdsOf, firstFailingElements } from '../check/part-results';
import type { CheckReport, SpecificationResult } from '../results';
import { schemaSubstitutionNote } from './schema-note';
import { describeElement, formatDuration, specificationLabel, summarize } from './summary';
import { elementReasons, idsWords, specificationReasonText, type Words } from './words';

export interface ConsoleReportOptions {
  /** The language of its words; default English. */
  readonly words?: Words;
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
  const w = options.words ?? idsWords();
  const { t } = w;
  const lines: string[] = [];
  // The labels of the head, padded to one width in every language.
  const [modelLabel, noteLabel, idsLabel] = padded([t('ids.console.model'), t('ids.console.note'), 'IDS']);

  lines.push(paint.bold(t('ids.console.title')));
  const schema = report.model.schema ? ` (${report.model.schema})` : '';
  lines.push(`  ${modelLabel}${clean(report.model.fileName ?? t('ids.console.unnamedModel'))}${schema}`);
  if (report.model.schemaSubstitution)
    lines.push(`  ${noteLabel}${clean(schemaSubstitutionNote(report.model.schemaSubstitution, w))}`);
  const idsTitle = report.ids.title ? `${clean(report.ids.title)} ` : '';
  const idsFile = report.ids.fileName ? `(${clean(report.ids.fileName)})` : '';
  lines.push(`  ${idsLabel}${`${idsTitle}${idsFile}`.trim() || t('ids.console.unnamedIds')}`);
  lines.push('');

  if (report.status === 'invalid') {
    lines.push(paint.red(paint.bold(t('ids.console.invalid'))));
    for (const problem of report.problems) {
      const where =
        problem.line === null
          ? ''
          : `${t('ids.console.line', { line: problem.line })}${problem.column === null ? '' : `:${problem.column}`}: `;
      lines.push(`  - ${where}${clean(problem.message)}`);
    }
    lines.push('');
    lines.push(`${t('ids.console.result')} ${paint.red(paint.bold(t('ids.status.invalid')))}`);
    return `${lines.join('\n')}\n`;
  }

  report.specifications.forEach((specification, index) => {
    lines.push(...specificationLines(w, specification, index, paint, maxFailures));
  });
  if (report.specifications.length === 0) lines.push(paint.yellow(t('ids.console.noSpecifications')));

  const summary = summarize(report);
  lines.push('');
  const verdict =
    report.status === 'pass'
      ? paint.green(paint.bold(t('ids.status.pass')))
      : paint.red(paint.bold(t('ids.status.fail')));
  const parts = [
    t('ids.console.specificationsPassed', {
      passed: summary.specificationsPassed,
      total: summary.specifications,
    }),
  ];
  if (summary.failingElements > 0)
    parts.push(t('ids.console.failingElements', { count: summary.failingElements }));
  parts.push(t('ids.console.checkedIn', { duration: formatDuration(report.durationMs) }));
  lines.push(`${t('ids.console.result')} ${verdict}  ${parts.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/** Labels followed by spaces to one column ("Model  ", "Note   ", "IDS    "). */
function padded(labels: readonly string[]): string[] {
  const width = Math.max(...labels.map((label) => label.length)) + 2;
  return labels.map((label) => label.padEnd(width));
}

function specificationLines(
  w: Words,
  specification: SpecificationResult,
  index: number,
  paint: Palette,
  maxFailures: number,
): string[] {
  const { t } = w;
  const lines: string[] = [];
  const badge =
    specification.status === 'pass'
      ? paint.green(`✔ ${t('ids.status.pass')}`)
      : paint.red(`✘ ${t('ids.status.fail')}`);
  const counts = [
    t('ids.console.applicable', { count: specification.applicableCount }),
    t('ids.console.passed', { count: specification.passedCount }),
  ];
  if (specification.failedCount > 0)
    counts.push(paint.red(t('ids.console.failed', { count: specification.failedCount })));
  const identifier = specification.identifier ? paint.dim(` [${clean(specification.identifier)}]`) : '';
  lines.push(`${badge}  ${paint.bold(clean(specificationLabel(specification, index, w)))}${identifier}`);
  lines.push(`        ${paint.dim(counts.join(' · '))}`);
  const reason = specificationReasonText(w, specification);
  if (reason) lines.push(`        ${paint.yellow(clean(reason))}`);

  for (const element of firstFailingElements(specification, maxFailures)) {
    lines.push(`        ${clean(describeElement(element))}`);
    for (const text of elementReasons(w, specification, element)) lines.push(`          - ${clean(text)}`);
  }
  const failing = failingIdsOf(specification).length;
  if (failing > maxFailures) {
    lines.push(paint.dim(`        ${t('ids.console.more', { count: failing - maxFailures })}`));
  }
  return lines;
}

// The Comprehensive Project Analysis as a workbook, streamed (exceljs' WorkbookWriter): every row is
// committed as it is written and the failures and elements come a page at a time, so a
// 200,000-element model never holds the workbook, or its failures, in memory. The workbook is written
// on a worker thread (cpu-worker.ts); the pages are read from the database on the main thread and
// fed to it (decision 0168).
import type ExcelJS from 'exceljs';
import type { Database } from '../../platform/db';
import { exceljs } from '../../platform/lazy-libraries';
import { STATUS_BY_RANK } from '../compliance';
import type { ComprehensiveData } from './data';
import * as repo from './repo';
import { reportWords } from './report-words';
import { writeValiditySheets } from './xlsx-validity';

const PAGE = 2_000;
// By status rank (not applicable, passed, waived, warning, failed), in the labels every screen uses.

type Column = { header: string; key: string; width: number };
type ElementRow = Awaited<ReturnType<typeof repo.elementPage>>[number];

/** Where the writer gets each version's failure and element rows, in the order it writes them. */
export interface XlsxRows {
  failures(versionId: string): AsyncIterable<repo.FailureExample>;
  elements(versionId: string): AsyncIterable<ElementRow>;
}

/** Rows read a page at a time by keyset (`cursorOf` the last row), so memory stays one page whatever the model. */
async function* keysetPages<T, C>(
  fetch: (after: C) => Promise<T[]>,
  cursorOf: (last: T) => C,
  first: C,
): AsyncGenerator<T[]> {
  let after = first;
  for (;;) {
    const page = await fetch(after);
    const last = page[page.length - 1];
    if (last === undefined) return;
    yield page;
    after = cursorOf(last);
  }
}

function failurePages(
  db: Database,
  versionId: string,
  explain: (rows: repo.FailureExample[]) => repo.FailureExample[],
) {
  return keysetPages(
    async (after: { specificationId: string; stepId: number } | null) =>
      explain(await repo.failurePage(db, versionId, after, PAGE)),
    (last) => ({ specificationId: last.specificationId, stepId: last.stepId }),
    null,
  );
}

function elementPages(db: Database, versionId: string) {
  return keysetPages(
    (afterStep: number) => repo.elementPage(db, versionId, afterStep, PAGE),
    (last) => last.stepId,
    -1,
  );
}

/** A page of one section, or the section's end; sections come in the writer's order (xlsxFeed). */
export type XlsxFeedItem =
  | { section: 'failures' | 'elements'; versionId: string; rows: unknown[] }
  | { section: 'failures' | 'elements'; versionId: string; end: true };

/**
 * The rows of the workbook in pages, in the order the writer asks for them (each file's failures,
 * then each file's elements): what the main thread feeds the worker, reading `source` as it goes.
 */
export async function* xlsxFeed(source: XlsxRows, data: ComprehensiveData): AsyncGenerator<XlsxFeedItem> {
  for (const section of ['failures', 'elements'] as const) {
    for (const f of data.files) {
      const versionId = f.version.versionId;
      let rows: unknown[] = [];
      for await (const row of source[section](versionId)) {
        rows.push(row);
        if (rows.length === PAGE) {
          yield { section, versionId, rows };
          rows = [];
        }
      }
      if (rows.length > 0) yield { section, versionId, rows };
      yield { section, versionId, end: true };
    }
  }
}

/** The writer's rows taken from a feed (on the worker thread); a section out of order is an error. */
export function xlsxRowsFromFeed(feed: AsyncIterator<XlsxFeedItem>): XlsxRows {
  async function* section<T>(name: XlsxFeedItem['section'], versionId: string): AsyncGenerator<T> {
    for (;;) {
      const next = await feed.next();
      if (next.done) throw new Error(`The ${name} rows of ${versionId} never came.`);
      const item = next.value;
      if (item.section !== name || item.versionId !== versionId)
        throw new Error(
          `Expected the ${name} rows of ${versionId}, got the ${item.section} rows of ${item.versionId}.`,
        );
      if ('end' in item) return;
      yield* item.rows as T[];
    }
  }
  return {
    failures: (versionId) => section<repo.FailureExample>('failures', versionId),
    elements: (versionId) => section<ElementRow>('elements', versionId),
  };
}

/** The writer's rows read straight from the database (on the thread that calls it). */
export function xlsxRowsFromDatabase(
  db: Database,
  /** Puts each failure's reason in the report's words (data.ts explainFailures). */
  explain: (rows: repo.FailureExample[]) => repo.FailureExample[],
): XlsxRows {
  const flat = async function* <T>(pages: AsyncIterable<T[]>): AsyncGenerator<T> {
    for await (const page of pages) yield* page;
  };
  return {
    failures: (versionId) => flat(failurePages(db, versionId, explain)),
    elements: (versionId) => flat(elementPages(db, versionId)),
  };
}

function sheetOf(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Column[]) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return sheet;
}

/** Writes the workbook to `path`; returns how many failure rows it holds (for the caller's log). */
export async function writeComprehensiveXlsx(
  data: ComprehensiveData,
  path: string,
  rows: XlsxRows,
): Promise<number> {
  const workbook = new (await exceljs()).stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Plumbline';
  workbook.created = data.generatedAt;
  // Every word in the report's language (data.locale: the project's, else the requester's; issue 31).
  const words = reportWords(data.locale);
  const x = (key: string, values?: Record<string, number>) => words.t(`reports.xlsx.${key}`, values);
  const STATUS = STATUS_BY_RANK.map((status) => words.t('reports.status', { status }));

  const summary = sheetOf(workbook, x('sheet.summary'), [
    { header: x('modelFile'), key: 'file', width: 40 },
    { header: x('version'), key: 'version', width: 10 },
    { header: x('elements'), key: 'elements', width: 12 },
    { header: x('specifications'), key: 'specs', width: 15 },
    { header: x('applicablePairs'), key: 'applicable', width: 17 },
    { header: x('compliantPairs'), key: 'compliant', width: 17 },
    { header: x('applicableElements'), key: 'applicableElements', width: 20 },
    { header: x('compliantElements'), key: 'compliantElements', width: 20 },
    { header: x('rate'), key: 'rate', width: 24 },
    { header: x('pairRate'), key: 'pairRate', width: 26 },
    { header: x('failingRequirements'), key: 'failures', width: 20 },
  ]);
  for (const f of data.files) {
    summary
      .addRow({
        file: f.version.fileName,
        version: f.version.versionTag,
        elements: f.version.elementsCount,
        specs: f.compliance.total_specifications,
        applicable: f.compliance.applicable_pairs,
        compliant: f.compliance.compliant_pairs,
        applicableElements: f.compliance.ids_compliance.applicable_elements,
        compliantElements: f.compliance.ids_compliance.compliant_elements,
        rate: f.compliance.ids_compliance.compliance_rate,
        pairRate: f.compliance.compliance_rate,
        failures: f.failureRows,
      })
      .commit();
  }
  summary.commit();

  const specs = sheetOf(workbook, x('sheet.specifications'), [
    { header: x('modelFile'), key: 'file', width: 36 },
    { header: x('version'), key: 'version', width: 10 },
    { header: x('specification'), key: 'name', width: 44 },
    { header: x('idsFile'), key: 'ids', width: 30 },
    { header: x('applicable'), key: 'applicable', width: 12 },
    { header: x('compliant'), key: 'compliant', width: 12 },
    { header: x('specRate'), key: 'rate', width: 22 },
    { header: x('state'), key: 'state', width: 16 },
  ]);
  for (const f of data.files) {
    for (const s of f.specifications) {
      specs
        .addRow({
          file: f.version.fileName,
          version: f.version.versionTag,
          name: s.name,
          ids: s.idsFileName,
          applicable: s.applicable,
          compliant: s.compliant,
          rate: s.rate,
          state: words.state(s.state),
        })
        .commit();
    }
  }
  specs.commit();

  const failures = sheetOf(workbook, x('sheet.failures'), [
    { header: x('modelFile'), key: 'file', width: 32 },
    { header: x('version'), key: 'version', width: 9 },
    { header: x('specification'), key: 'spec', width: 40 },
    { header: x('requirement'), key: 'requirement', width: 40 },
    { header: 'GlobalId', key: 'globalId', width: 24 },
    { header: x('name'), key: 'name', width: 30 },
    { header: x('elementType'), key: 'type', width: 22 },
    { header: x('storey'), key: 'storey', width: 18 },
    { header: x('reason'), key: 'reason', width: 60 },
    { header: x('actual'), key: 'actual', width: 20 },
    { header: x('status'), key: 'status', width: 12 },
  ]);
  let failureRows = 0;
  for (const f of data.files) {
    const names = new Map(f.specifications.map((s) => [s.id, s]));
    for await (const row of rows.failures(f.version.versionId)) {
      const spec = names.get(row.specificationId);
      failures
        .addRow({
          file: f.version.fileName,
          version: f.version.versionTag,
          spec: spec?.name ?? row.specificationId,
          requirement:
            spec?.requirements.find((r) => r.facetIndex === row.facetIndex)?.requirement ??
            x('requirementN', { n: row.facetIndex + 1 }),
          globalId: row.globalId ?? `#${row.stepId}`,
          name: row.name ?? '',
          type: row.ifcClass ?? '',
          storey: row.level ?? '',
          reason: row.reason,
          actual: row.actualValue ?? '',
          status: words.t('reports.status', { status: row.waived ? 'waived' : 'failed' }),
        })
        .commit();
      failureRows++;
    }
  }
  failures.commit();

  const elements = sheetOf(workbook, x('sheet.elements'), [
    { header: x('modelFile'), key: 'file', width: 32 },
    { header: x('version'), key: 'version', width: 9 },
    { header: 'GlobalId', key: 'globalId', width: 24 },
    { header: x('name'), key: 'name', width: 32 },
    { header: x('elementType'), key: 'type', width: 22 },
    { header: x('storey'), key: 'storey', width: 18 },
    { header: x('idsStatus'), key: 'status', width: 15 },
  ]);
  for (const f of data.files) {
    for await (const e of rows.elements(f.version.versionId)) {
      elements
        .addRow({
          file: f.version.fileName,
          version: f.version.versionTag,
          globalId: e.globalId ?? `#${e.stepId}`,
          name: e.name ?? '',
          type: e.ifcClass,
          storey: e.level ?? '',
          status: STATUS[e.status ?? 0] ?? words.t('reports.status', { status: 'not_applicable' }),
        })
        .commit();
    }
  }
  elements.commit();

  writeValiditySheets(workbook, sheetOf, data);

  const attributes = sheetOf(workbook, x('sheet.attributes'), [
    { header: x('attribute'), key: 'name', width: 30 },
    { header: x('propertySet'), key: 'pset', width: 34 },
    { header: x('occurrence'), key: 'occurrence', width: 14 },
    { header: x('priority'), key: 'priority', width: 10 },
    { header: x('why'), key: 'reason', width: 70 },
  ]);
  for (const r of data.insights.topRecommendations) {
    attributes
      .addRow({
        name: r.name,
        pset: r.propertySet,
        occurrence: r.occurrence,
        priority: r.priority,
        reason: r.reason,
      })
      .commit();
  }
  attributes.commit();

  const evidence = sheetOf(workbook, x('sheet.evidence'), [
    { header: x('item'), key: 'item', width: 50 },
    { header: x('value'), key: 'value', width: 80 },
  ]);
  for (const f of data.files)
    evidence
      .addRow({
        item: `${f.version.fileName} ${f.version.versionTag} (IFC SHA-256)`,
        value: f.version.sha256,
      })
      .commit();
  for (const f of data.idsFiles)
    evidence.addRow({ item: `${f.name} (IDS SHA-256)`, value: f.sha256 }).commit();
  evidence
    .addRow({
      item: words.t('reports.analysis.engine'),
      value: words.t('reports.analysis.engineValue', { version: data.evidence.engineVersion }),
    })
    .commit();
  evidence
    .addRow({ item: words.t('reports.analysis.conformance'), value: data.evidence.conformance })
    .commit();
  evidence
    .addRow({ item: words.t('reports.analysis.generatedAt'), value: data.generatedAt.toISOString() })
    .commit();
  evidence.commit();

  await workbook.commit();
  return failureRows;
}

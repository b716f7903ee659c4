import { PassThrough, Readable } from 'node:stream';
import type { MetadataRow } from '@plumbline/contracts';
import type ExcelJS from 'exceljs';
import { exceljs } from '../../platform/lazy-libraries';

export const exportColumns: Array<{ header: string; value: (row: MetadataRow) => string | number | null }> = [
  { header: 'OBJECT ID', value: (r) => r.object_id },
  { header: 'OBJECT NAME', value: (r) => r.object_name },
  { header: 'CATEGORY', value: (r) => r.category },
  { header: 'IFC CLASS', value: (r) => r.ifc_class },
  { header: 'LEVEL', value: (r) => r.level },
  { header: 'PROPERTY SET', value: (r) => r.property_set },
  { header: 'ATTRIBUTE', value: (r) => r.attribute },
  { header: 'VALUE', value: (r) => r.value },
  { header: 'VIEWER ID', value: (r) => r.viewer_db_id },
  { header: 'GLOBAL ID', value: (r) => r.global_id },
];

/**
 * A CSV field (RFC 4180 quoting). Text a spreadsheet could run as a formula (starting with =, +, -
 * or @, also after leading spaces, or with a tab or carriage return) gets a leading apostrophe, so an
 * exported model cannot inject formulas; plain numbers such as -1.5 stay numbers (issue 16).
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && couldBeFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function couldBeFormula(text: string): boolean {
  if (/^[\t\r]/.test(text)) return true;
  return /^[=+\-@]/.test(text.trimStart()) && !PLAIN_NUMBER.test(text.trim());
}

/** CSV with a UTF-8 byte-order mark (Excel then reads accents right), written chunk by chunk. */
export function csvStream(chunks: AsyncIterable<MetadataRow[]>): Readable {
  return Readable.from(
    (async function* () {
      yield `\ufeff${exportColumns.map((c) => c.header).join(',')}\r\n`;
      for await (const rows of chunks) {
        let text = '';
        for (const row of rows) text += `${exportColumns.map((c) => csvField(c.value(row))).join(',')}\r\n`;
        yield text;
      }
    })(),
  );
}

/** Excel's row limit less the header: a longer export continues on a second sheet. */
export const XLSX_ROWS_PER_SHEET = 1_048_575;

/** XLSX through exceljs's streaming writer: rows are committed as they come, never held whole. */
export function xlsxStream(
  chunks: AsyncIterable<MetadataRow[]>,
  rowsPerSheet = XLSX_ROWS_PER_SHEET,
): Readable {
  const out = new PassThrough();
  let workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  let sheet: ExcelJS.Worksheet | null = null;
  let rowsInSheet = 0;
  let sheets = 0;
  const newSheet = () => {
    sheet?.commit();
    sheets += 1;
    sheet = workbook.addWorksheet(sheets === 1 ? 'Element Metadata' : `Element Metadata ${sheets}`);
    sheet.addRow(exportColumns.map((c) => c.header)).commit();
    rowsInSheet = 0;
  };
  (async () => {
    workbook = new (await exceljs()).stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    newSheet();
    for await (const rows of chunks) {
      for (const row of rows) {
        if (rowsInSheet >= rowsPerSheet) newSheet();
        (sheet as unknown as ExcelJS.Worksheet).addRow(exportColumns.map((c) => c.value(row))).commit();
        rowsInSheet += 1;
      }
      // Let the zip stream drain before the next chunk is read.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
    }
    (sheet as unknown as ExcelJS.Worksheet).commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

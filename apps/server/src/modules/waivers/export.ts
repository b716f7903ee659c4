// The Waivers view's export: every waiver matching the filters (at most WAIVER_EXPORT_MAX, checked
// before any work) as one sheet in the reader's language. The words are rendered on the main thread
// (export-run.ts); a worker thread writes the workbook, streamed (exceljs' WorkbookWriter), from pages of waivers the
// main thread reads and feeds it (decision 0168), so the event loop only reads rows.
import type { Waiver, WaiverScope, WaiverState } from '@plumbline/contracts';
import { exceljs } from '../../platform/lazy-libraries';

export const COLUMNS = [
  ['state', 16],
  ['scope', 14],
  ['file', 30],
  ['specification', 36],
  ['subject', 30],
  ['reason', 50],
  ['reference', 24],
  ['expires', 14],
  ['requestedBy', 26],
  ['requestedAt', 14],
  ['decidedBy', 26],
  ['decidedAt', 14],
  ['findings', 10],
] as const;

export type ColumnKey = (typeof COLUMNS)[number][0];

/** The sheet's words in one language: plain data a worker thread can take. */
export interface WaiverSheetWords {
  sheet: string;
  headers: Record<ColumnKey, string>;
  states: Record<WaiverState, string>;
  scopes: Record<WaiverScope, string>;
}

/** Writes the workbook to `path` from the pages as they come; returns how many waivers it holds. */
export async function writeWaiversXlsx(
  input: { words: WaiverSheetWords; path: string },
  pages: AsyncIterable<Waiver[]>,
): Promise<number> {
  const { words } = input;
  const workbook = new (await exceljs()).stream.xlsx.WorkbookWriter({
    filename: input.path,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Plumbline';
  const sheet = workbook.addWorksheet(words.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map(([key, width]) => ({ header: words.headers[key], key, width }));
  sheet.getRow(1).font = { bold: true };
  const day = (iso: string | null) => iso?.slice(0, 10) ?? '';
  let written = 0;
  for await (const page of pages)
    for (const w of page) {
      sheet
        .addRow({
          state: words.states[w.state],
          scope: words.scopes[w.scope],
          file: w.file.name,
          specification: w.specification.name,
          subject: w.subject_label ?? w.subject ?? '',
          reason: w.reason,
          reference: w.reference ?? '',
          expires: day(w.expires_at),
          requestedBy: w.requested_by.full_name ?? w.requested_by.email ?? '',
          requestedAt: day(w.requested_at),
          decidedBy: w.decided_by?.full_name ?? w.decided_by?.email ?? '',
          decidedAt: day(w.decided_at),
          findings: w.waived_findings,
        })
        .commit();
      written += 1;
    }
  sheet.commit();
  await workbook.commit();
  return written;
}

// The Waivers view's export: the listed waivers (at most 2,000, the list's bound) as one sheet, in the
// reader's language. Small and bounded, so it is written here rather than on a worker thread.
import type { Waiver } from '@plumbline/contracts';
import type { Locale } from '@plumbline/i18n';
import ExcelJS from 'exceljs';
import { render } from '../../platform/i18n';

const COLUMNS = [
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

export async function waiversWorkbook(waivers: readonly Waiver[], locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(render(locale, 'waivers.xlsx.sheet'));
  sheet.columns = COLUMNS.map(([key, width]) => ({
    header: render(locale, `waivers.xlsx.${key}`),
    key,
    width,
  }));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const day = (iso: string | null) => iso?.slice(0, 10) ?? '';
  for (const w of waivers)
    sheet.addRow({
      state: render(locale, 'waivers.state', { state: w.state }),
      scope: render(locale, 'waivers.scope', { scope: w.scope }),
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
    });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

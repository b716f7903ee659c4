// The Comprehensive workbook's validity sheets (issue 38): "Validity rules", every failing rule of
// every version with its explanation and counts, and "Validity findings", each stored finding read
// for the report (up to VALIDITY_FINDINGS_IN_REPORT per rule) and, where a rule has more, a row
// saying how many more there are.
import type ExcelJS from 'exceljs';
import type { ComprehensiveData } from './data';
import { reportWords } from './report-words';

type Column = { header: string; key: string; width: number };
type SheetOf = (
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: Column[],
) => ExcelJS.Worksheet;

export function writeValiditySheets(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  sheetOf: SheetOf,
  data: ComprehensiveData,
): void {
  // In the report's language (data.locale; issue 31).
  const { t } = reportWords(data.locale);
  const v = (key: string, values?: Record<string, string | number>) => t(`reports.validity.${key}`, values);
  const rules = sheetOf(workbook, v('sheetRules'), [
    { header: t('reports.xlsx.modelFile'), key: 'file', width: 32 },
    { header: t('reports.xlsx.version'), key: 'version', width: 9 },
    { header: v('rule'), key: 'rule', width: 9 },
    { header: v('severityHeader'), key: 'severity', width: 10 },
    { header: v('explanation'), key: 'explanation', width: 80 },
    { header: v('findings'), key: 'findings', width: 10 },
    { header: v('listed'), key: 'listed', width: 10 },
  ]);
  for (const f of data.files) {
    const validity = f.validity;
    if (!validity.checked)
      rules
        .addRow({
          file: f.version.fileName,
          version: f.version.versionTag,
          explanation: v('notCheckedRow'),
        })
        .commit();
    for (const r of validity.failing)
      rules
        .addRow({
          file: f.version.fileName,
          version: f.version.versionTag,
          rule: r.rule,
          severity: v('severity', { severity: r.severity }),
          explanation: r.explanation,
          findings: r.findingCount,
          listed: r.findings.length,
        })
        .commit();
  }
  rules.commit();

  const findings = sheetOf(workbook, v('sheetFindings'), [
    { header: t('reports.xlsx.modelFile'), key: 'file', width: 32 },
    { header: t('reports.xlsx.version'), key: 'version', width: 9 },
    { header: v('rule'), key: 'rule', width: 9 },
    { header: v('severityHeader'), key: 'severity', width: 10 },
    { header: 'GlobalId', key: 'globalId', width: 24 },
    { header: v('stepId'), key: 'stepId', width: 10 },
    { header: t('reports.xlsx.elementType'), key: 'type', width: 24 },
    { header: v('finding'), key: 'message', width: 90 },
  ]);
  for (const f of data.files) {
    for (const r of f.validity.failing) {
      const row = {
        file: f.version.fileName,
        version: f.version.versionTag,
        rule: r.rule,
        severity: v('severity', { severity: r.severity }),
      };
      for (const finding of r.findings)
        findings
          .addRow({
            ...row,
            globalId: finding.globalId ?? '',
            stepId: finding.stepId ?? '',
            type: finding.ifcClass ?? '',
            message: finding.message,
          })
          .commit();
      const rest = r.findingCount - r.findings.length;
      if (rest > 0)
        findings
          .addRow({
            ...row,
            message: v('moreRow', { rest, rule: r.rule, count: r.findingCount }),
          })
          .commit();
    }
  }
  findings.commit();
}

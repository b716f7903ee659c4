// The Comprehensive workbook's validity sheets (issue 38): "Validity rules", every failing rule of
// every version with its explanation and counts, and "Validity findings", each stored finding read
// for the report (up to VALIDITY_FINDINGS_IN_REPORT per rule) and, where a rule has more, a row
// saying how many more there are.
import type ExcelJS from 'exceljs';
import type { ComprehensiveData } from './data';

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
  const rules = sheetOf(workbook, 'Validity rules', [
    { header: 'Model file', key: 'file', width: 32 },
    { header: 'Version', key: 'version', width: 9 },
    { header: 'Rule', key: 'rule', width: 9 },
    { header: 'Severity', key: 'severity', width: 10 },
    { header: 'What the rule asks', key: 'explanation', width: 80 },
    { header: 'Findings', key: 'findings', width: 10 },
    { header: 'Listed', key: 'listed', width: 10 },
  ]);
  for (const f of data.files) {
    const v = f.validity;
    if (!v.checked)
      rules
        .addRow({
          file: f.version.fileName,
          version: f.version.versionTag,
          explanation: 'Processed before validity was checked: process the version again.',
        })
        .commit();
    for (const r of v.failing)
      rules
        .addRow({
          file: f.version.fileName,
          version: f.version.versionTag,
          rule: r.rule,
          severity: r.severity,
          explanation: r.explanation,
          findings: r.findingCount,
          listed: r.findings.length,
        })
        .commit();
  }
  rules.commit();

  const findings = sheetOf(workbook, 'Validity findings', [
    { header: 'Model file', key: 'file', width: 32 },
    { header: 'Version', key: 'version', width: 9 },
    { header: 'Rule', key: 'rule', width: 9 },
    { header: 'Severity', key: 'severity', width: 10 },
    { header: 'GlobalId', key: 'globalId', width: 24 },
    { header: 'STEP id', key: 'stepId', width: 10 },
    { header: 'Element type', key: 'type', width: 24 },
    { header: 'Finding', key: 'message', width: 90 },
  ]);
  for (const f of data.files) {
    for (const r of f.validity.failing) {
      const row = {
        file: f.version.fileName,
        version: f.version.versionTag,
        rule: r.rule,
        severity: r.severity,
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
            message: `+${rest} more findings of ${r.rule}, not listed (${r.findingCount} in all).`,
          })
          .commit();
    }
  }
  findings.commit();
}

// The Comprehensive PDF's "Model validity" section (issue 38): per model version its failing rules,
// errors first, each with its explanation, its count and its first few findings, then an honest
// "+N more" (the Excel report lists up to 1,000 per rule; the rule's count is every finding).
import type { FileSection } from './data';
import { FAIL, INK, MUTED, PASS, type ReportPdf, WARN } from './pdf-layout';
import type { ReportWords } from './report-words';
import { VALIDITY_FINDINGS_IN_PDF } from './validity-section';

/** The section in the report's language (`words`: report-words.ts; issue 31). */
export function validityOfFiles(pdf: ReportPdf, files: readonly FileSection[], words: ReportWords): void {
  pdf.section(words.t('reports.validity.title'));
  pdf.paragraph(words.t('reports.validity.intro'), { color: MUTED, size: 9 });
  for (const file of files) validityOfFile(pdf, file, words);
}

function validityOfFile(pdf: ReportPdf, file: FileSection, { t }: ReportWords): void {
  const v = file.validity;
  const errors = v.failing.filter((r) => r.severity === 'error').length;
  const warnings = v.failing.length - errors;
  pdf.subheading(
    t('reports.validity.fileHead', {
      file: file.version.fileName,
      version: file.version.versionTag,
      errors,
      warnings,
    }),
    true,
  );
  if (!v.checked) {
    pdf.paragraph(t('reports.validity.notChecked'), { color: MUTED });
    return;
  }
  pdf.paragraph(
    t('reports.validity.schemaLine', {
      schema: v.schema ?? t('reports.validity.unknownSchema'),
      passed: v.passed,
      notApplicable: v.notApplicable,
    }),
    { color: MUTED, size: 9 },
  );
  if (v.failing.length === 0) {
    pdf.paragraph(t('reports.validity.allPass'), { color: PASS });
    return;
  }
  for (const rule of v.failing) {
    pdf.ensure(90);
    const { doc } = pdf;
    pdf
      .font(true)
      .fontSize(10)
      .fillColor(rule.severity === 'error' ? FAIL : WARN)
      .text(
        t('reports.validity.ruleHead', {
          rule: rule.rule,
          severity: t('reports.validity.severity', { severity: rule.severity }),
          count: rule.findingCount,
        }),
        pdf.left,
        doc.y,
        { width: pdf.width },
      );
    pdf.font().fontSize(9).fillColor(INK).text(rule.explanation, pdf.left, doc.y, { width: pdf.width });
    doc.moveDown(0.3);
    const shown = rule.findings.slice(0, VALIDITY_FINDINGS_IN_PDF);
    pdf.table(
      [
        { title: t('reports.validity.element'), width: 0.3 },
        { title: t('reports.validity.class'), width: 0.2 },
        { title: t('reports.validity.finding'), width: 0.5 },
      ],
      shown.map((f) => [
        f.globalId ?? (f.stepId === null ? t('reports.validity.theFile') : `#${f.stepId}`),
        f.ifcClass ?? '—',
        f.message,
      ]),
    );
    const rest = rule.findingCount - shown.length;
    if (rest > 0)
      pdf.paragraph(
        t('reports.validity.morePdf', {
          rest,
          listed: Math.min(rule.findingCount, rule.findings.length),
        }),
        { color: MUTED, size: 8.5 },
      );
  }
}

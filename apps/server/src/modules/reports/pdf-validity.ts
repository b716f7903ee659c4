// The Comprehensive PDF's "Model validity" section (issue 38): per model version its failing rules,
// errors first, each with its explanation, its count and its first few findings, then an honest
// "+N more" (the Excel report lists up to 1,000 per rule; the rule's count is every finding).
import type { FileSection } from './data';
import { FAIL, INK, MUTED, PASS, type ReportPdf, WARN } from './pdf-layout';
import { VALIDITY_FINDINGS_IN_PDF } from './validity-section';

const num = (n: number) => n.toLocaleString('en-GB');
const plural = (n: number, one: string, other: string) => `${num(n)} ${n === 1 ? one : other}`;

export function validityOfFiles(pdf: ReportPdf, files: readonly FileSection[]): void {
  pdf.section('Model validity');
  pdf.paragraph(
    "Is the model itself sound? buildingSMART's normative rules and the schema's uniqueness rules, checked on each version. An error can make IDS verdicts on the elements it names unreliable.",
    { color: MUTED, size: 9 },
  );
  for (const file of files) validityOfFile(pdf, file);
}

function validityOfFile(pdf: ReportPdf, file: FileSection): void {
  const v = file.validity;
  const errors = v.failing.filter((r) => r.severity === 'error').length;
  const warnings = v.failing.length - errors;
  pdf.subheading(
    `${file.version.fileName} ${file.version.versionTag}: ${plural(errors, 'rule with errors', 'rules with errors')}, ${plural(warnings, 'rule with warnings', 'rules with warnings')}`,
    true,
  );
  if (!v.checked) {
    pdf.paragraph('This version was processed before validity was checked: process it again to see it.', {
      color: MUTED,
    });
    return;
  }
  pdf.paragraph(
    `Schema ${v.schema ?? 'unknown'} · ${plural(v.passed, 'rule passes', 'rules pass')} · ${plural(v.notApplicable, 'rule does not apply', 'rules do not apply')}`,
    { color: MUTED, size: 9 },
  );
  if (v.failing.length === 0) {
    pdf.paragraph('Every rule that applies passes.', { color: PASS });
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
        `${rule.rule} · ${rule.severity} · ${plural(rule.findingCount, 'finding', 'findings')}`,
        pdf.left,
        doc.y,
        { width: pdf.width },
      );
    pdf.font().fontSize(9).fillColor(INK).text(rule.explanation, pdf.left, doc.y, { width: pdf.width });
    doc.moveDown(0.3);
    const shown = rule.findings.slice(0, VALIDITY_FINDINGS_IN_PDF);
    pdf.table(
      [
        { title: 'Element', width: 0.3 },
        { title: 'Class', width: 0.2 },
        { title: 'Finding', width: 0.5 },
      ],
      shown.map((f) => [
        f.globalId ?? (f.stepId === null ? 'the file' : `#${f.stepId}`),
        f.ifcClass ?? '—',
        f.message,
      ]),
    );
    const rest = rule.findingCount - shown.length;
    if (rest > 0)
      pdf.paragraph(
        `+${num(rest)} more (the Excel report lists the first ${num(Math.min(rule.findingCount, rule.findings.length))}).`,
        { color: MUTED, size: 8.5 },
      );
  }
}

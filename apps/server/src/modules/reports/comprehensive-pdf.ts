// The Comprehensive Project Analysis as an A4 PDF (issue 13): cover, contents, executive summary,
// compliance per specification, trend, failures by requirement and by element type, attributes worth
// adding, and the evidence that makes the result reproducible.
import { SPECIFICATION_STATE_LABELS } from '@plumbline/contracts';
import { render } from '../../platform/i18n';
import type { ComprehensiveData, FileSection } from './data';
import { FAIL, INK, MUTED, PASS, ReportPdf, WARN } from './pdf-layout';
import { validityOfFiles } from './pdf-validity';

const dateTime = (d: Date) =>
  `${d.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  })} UTC`;
const pct = (n: number) => `${n.toFixed(1)}%`;
const num = (n: number) => n.toLocaleString('en-GB');

export function renderComprehensivePdf(
  data: ComprehensiveData,
  report: { name: string; description: string },
): Promise<Buffer> {
  const pdf = new ReportPdf(report.name, data.generatedAt);
  const { doc } = pdf;
  const cards = data.overview.cards;

  pdf.cover('Comprehensive Project Analysis', data.project.name, report);
  doc.moveDown(1);
  pdf.table(
    [
      { title: 'Model file', width: 0.5 },
      { title: 'Version', width: 0.15 },
      { title: 'Elements', width: 0.15, align: 'right' },
      { title: 'Processed', width: 0.2 },
    ],
    data.files.map((f) => [
      f.version.fileName,
      f.version.versionTag,
      num(f.version.elementsCount),
      f.version.processedAt ? f.version.processedAt.toISOString().slice(0, 10) : '—',
    ]),
  );
  pdf.paragraph(`IDS rules: ${data.idsFiles.map((f) => f.name).join(', ') || 'none active'}`, {
    color: MUTED,
  });
  pdf.paragraph(`Generated ${dateTime(data.generatedAt)}`, { color: MUTED });

  // Contents (written at the end, when every section's page is known).
  doc.addPage();
  const tocPage = pdf.pageIndex;

  // Executive summary: the Overview's own figures.
  pdf.section('Executive summary');
  const compliance = cards.ids_compliance;
  // The server's one figure (compliance/figures.ts idsComplianceOf), as the Overview card prints it.
  const boxes: Array<[string, string, string]> = [
    [
      'IDS compliance',
      pct(compliance.compliance_rate),
      `of applicable elements: ${num(compliance.compliant_elements)} of ${num(compliance.applicable_elements)} meet every requirement`,
    ],
    ['Validation pairs', num(cards.total_validation_pairs), 'applicable element × specification'],
    ['Elements', num(cards.elements), `${cards.bim_files} model file${cards.bim_files === 1 ? '' : 's'}`],
  ];
  const boxWidth = (pdf.width - 20) / 3;
  const top = doc.y;
  boxes.forEach(([label, value, note], i) => {
    const x = pdf.left + i * (boxWidth + 10);
    doc.roundedRect(x, top, boxWidth, 70, 6).lineWidth(0.8).strokeColor('#e4e4e7').stroke();
    pdf
      .font()
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(label, x + 10, top + 10, { width: boxWidth - 20 });
    pdf
      .font(true)
      .fontSize(18)
      .fillColor(INK)
      .text(value, x + 10, top + 24, { width: boxWidth - 20 });
    pdf
      .font()
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(note, x + 10, top + 50, { width: boxWidth - 20 });
  });
  doc.y = top + 85;
  doc.x = pdf.left;
  const worst = data.files
    .flatMap((f) => f.specifications.map((s) => ({ ...s, file: f.version.fileName })))
    .filter((s) => s.applicable > 0)
    .sort((a, b) => a.rate - b.rate)
    .slice(0, 3);
  pdf.subheading('Specifications needing most attention');
  if (worst.length === 0) pdf.paragraph('No specification applies to the checked models.', { color: MUTED });
  for (const s of worst) {
    pdf.paragraph(
      `• ${s.name} (${s.file}): ${pct(s.rate)} compliant, ${num(s.applicable - s.compliant)} of ${num(s.applicable)} elements failing.`,
    );
  }
  const trend = data.overview.trend;
  pdf.subheading('Change since the previous version');
  if (trend.length >= 2) {
    const last = trend[trend.length - 1];
    const previous = trend[trend.length - 2];
    if (last && previous) {
      const delta = last.compliance_score - previous.compliance_score;
      pdf.paragraph(
        `${last.file_name} ${last.version_tag}: IDS compliance ${pct(last.compliance_score)} of applicable elements, ${delta >= 0 ? 'up' : 'down'} ${Math.abs(delta).toFixed(1)} points from ${previous.version_tag} (${pct(previous.compliance_score)}).`,
      );
    }
  } else {
    pdf.paragraph('Only one version has been checked so far: there is nothing to compare with yet.', {
      color: MUTED,
    });
  }

  // Compliance per specification, per file.
  pdf.section('Compliance per specification');
  pdf.paragraph(
    'IDS compliance: the share of applicable elements meeting every requirement, per file and per specification. Green from 80 %, amber from 50 %, red below.',
    { color: MUTED, size: 9 },
  );
  for (const file of data.files) {
    pdf.subheading(
      `${file.version.fileName} ${file.version.versionTag}: IDS compliance ${pct(file.compliance.ids_compliance.compliance_rate)} of applicable elements (${num(file.compliance.ids_compliance.compliant_elements)} of ${num(file.compliance.ids_compliance.applicable_elements)})`,
      true,
    );
    pdf.bars(
      file.specifications.map((s) => ({
        label: s.name,
        percent: s.rate,
        note:
          s.applicable > 0
            ? `${SPECIFICATION_STATE_LABELS[s.state]}: ${pct(s.rate)} (${num(s.compliant)}/${num(s.applicable)})`
            : SPECIFICATION_STATE_LABELS[s.state],
      })),
    );
  }

  // Trend across versions.
  pdf.section('Trend across versions');
  if (trend.length === 0) pdf.paragraph('No checked version yet.', { color: MUTED });
  else {
    pdf.paragraph(
      'Exists, Populated and Compliant are shares of the checked property requirements; IDS compliance is the share of applicable elements meeting every requirement (the Overview figure).',
      { color: MUTED, size: 9 },
    );
    pdf.lineChart(
      [
        { name: 'Exists', color: '#2563eb', values: trend.map((t) => t.exists) },
        { name: 'Populated', color: WARN, values: trend.map((t) => t.populated) },
        { name: 'Compliant', color: PASS, values: trend.map((t) => t.compliant) },
      ],
      trend.map((t) => `${t.version_tag}`),
    );
    pdf.table(
      [
        { title: 'File', width: 0.4 },
        { title: 'Version', width: 0.12 },
        { title: 'Exists', width: 0.12, align: 'right' },
        { title: 'Populated', width: 0.12, align: 'right' },
        { title: 'Compliant', width: 0.12, align: 'right' },
        { title: 'IDS compliance', width: 0.12, align: 'right' },
      ],
      trend.map((t) => [
        t.file_name,
        t.version_tag,
        pct(t.exists),
        pct(t.populated),
        pct(t.compliant),
        pct(t.compliance_score),
      ]),
    );
  }

  // Failures per specification and requirement.
  pdf.section('Failures by requirement');
  for (const file of data.files) failuresOfFile(pdf, file);

  // Failures per element type.
  pdf.section('Failures by element type');
  pdf.paragraph('Ranked by how many failing requirements fixing the elements of that type would clear.', {
    color: MUTED,
    size: 9,
  });
  for (const file of data.files) {
    pdf.subheading(`${file.version.fileName} ${file.version.versionTag}`);
    if (file.byClass.length === 0) pdf.paragraph('No failures.', { color: PASS });
    else
      pdf.table(
        [
          { title: 'Element type', width: 0.4 },
          { title: 'Failing requirements', width: 0.2, align: 'right' },
          { title: 'Failing pairs', width: 0.2, align: 'right' },
          { title: 'Elements', width: 0.2, align: 'right' },
        ],
        file.byClass.map((c) => [c.ifcClass, num(c.requirements), num(c.pairs), num(c.elements)]),
      );
  }

  // The model's validity (issue 38).
  validityOfFiles(pdf, data.files);

  // Attribute insights.
  pdf.section('Attributes worth adding');
  const insights = data.insights;
  pdf.paragraph(
    `${num(insights.totalGaps)} attributes are filled in the models but required by no specification (${num(insights.highPriorityGaps)} high priority); average occurrence ${pct(insights.averageOccurrence)}.`,
  );
  if (insights.topRecommendations.length > 0)
    pdf.table(
      [
        { title: 'Attribute', width: 0.3 },
        { title: 'Property set', width: 0.35 },
        { title: 'Occurrence', width: 0.15, align: 'right' },
        { title: 'Priority', width: 0.2 },
      ],
      insights.topRecommendations.map((r) => [r.name, r.propertySet, pct(r.occurrence), r.priority]),
    );

  // Evidence.
  pdf.section('Evidence');
  pdf.paragraph('What was checked, by what, and when: enough to reproduce this result.', {
    color: MUTED,
    size: 9,
  });
  pdf.table(
    [
      { title: 'Input', width: 0.3 },
      { title: 'SHA-256', width: 0.7 },
    ],
    [
      ...data.files.map((f) => [`${f.version.fileName} ${f.version.versionTag} (IFC)`, f.version.sha256]),
      ...data.idsFiles.map((f) => [`${f.name} (IDS, ${f.specifications} specifications)`, f.sha256]),
    ],
  );
  pdf.table(
    [
      { title: 'Fact', width: 0.3 },
      { title: 'Value', width: 0.7 },
    ],
    [
      ['Checking engine', `Plumbline IDS engine ${data.evidence.engineVersion}`],
      ['Conformance', data.evidence.conformance],
      ['Generated', dateTime(data.generatedAt)],
    ],
  );
  waiverEvidence(pdf, data);

  return pdf.finish(tocPage, `${data.project.name} · Comprehensive Project Analysis`);
}

/** The waivers in force: what was accepted on purpose, why and by whom (issue 32). */
function waiverEvidence(pdf: ReportPdf, data: ComprehensiveData): void {
  const t = (id: string) => render(data.locale, id);
  pdf.subheading(t('reports.waivers.title'), true);
  if (data.waivers.length === 0) {
    pdf.paragraph(t('reports.waivers.none'), { color: MUTED, size: 9 });
    return;
  }
  pdf.paragraph(t('reports.waivers.intro'), { color: MUTED, size: 9 });
  pdf.table(
    [
      { title: t('waivers.xlsx.specification'), width: 0.22 },
      { title: t('waivers.xlsx.subject'), width: 0.2 },
      { title: t('waivers.xlsx.reason'), width: 0.3 },
      { title: t('reports.waivers.approvedBy'), width: 0.16 },
      { title: t('waivers.xlsx.expires'), width: 0.12 },
    ],
    data.waivers.map((w) => [
      `${w.specification} (${w.fileName})`,
      render(data.locale, 'reports.waivers.appliesTo', { scope: w.scope, subject: w.subject ?? '' }),
      w.reference
        ? render(data.locale, 'reports.waivers.reasonWithReference', {
            reason: w.reason,
            reference: w.reference,
          })
        : w.reason,
      w.approvedBy ?? '—',
      w.expiresAt.toISOString().slice(0, 10),
    ]),
  );
}

function failuresOfFile(pdf: ReportPdf, file: FileSection): void {
  pdf.subheading(
    `${file.version.fileName} ${file.version.versionTag}: ${num(file.failureRows)} failing requirements`,
    true,
  );
  const failing = file.specifications.filter((s) => s.requirements.length > 0);
  if (failing.length === 0) {
    pdf.paragraph('Every applicable element meets every requirement.', { color: PASS });
    return;
  }
  for (const spec of failing) {
    pdf.ensure(80);
    pdf.font(true).fontSize(10).fillColor(INK).text(spec.name, pdf.left, pdf.doc.y, { width: pdf.width });
    pdf.doc.moveDown(0.2);
    for (const req of spec.requirements) {
      pdf.ensure(50);
      pdf
        .font()
        .fontSize(9)
        .fillColor(FAIL)
        .text(
          `${req.requirement}: ${num(req.failures)} element${req.failures === 1 ? '' : 's'}`,
          pdf.left + 8,
          pdf.doc.y,
          { width: pdf.width - 8 },
        );
      pdf.doc.moveDown(0.2);
      pdf.table(
        [
          { title: 'GlobalId', width: 0.24 },
          { title: 'Name', width: 0.24 },
          { title: 'Storey', width: 0.16 },
          { title: 'Reason', width: 0.36 },
        ],
        req.examples.map((e) => [e.globalId ?? `#${e.stepId}`, e.name ?? '—', e.level ?? '—', e.reason]),
      );
      const rest = req.failures - req.examples.length;
      if (rest > 0)
        pdf.paragraph(`… and ${num(rest)} more (every one is in the Excel report).`, {
          color: MUTED,
          size: 8.5,
        });
    }
  }
}

// The Comprehensive Project Analysis as an A4 PDF (issue 13): cover, contents, executive summary,
// compliance per specification, trend, failures by requirement and by element type, attributes worth
// adding, and the evidence that makes the result reproducible.
// Every word in the report's language (data.locale: the project's, else the requester's; issue 31).
import { render } from '../../platform/i18n';
import type { ComprehensiveData, FileSection } from './data';
import { FAIL, INK, MUTED, PASS, ReportPdf, WARN } from './pdf-layout';
import { validityOfFiles } from './pdf-validity';
import { type ReportWords, reportWords } from './report-words';

export function renderComprehensivePdf(
  data: ComprehensiveData,
  report: { name: string; description: string },
): Promise<Buffer> {
  const words = reportWords(data.locale);
  const { t, num, pct, dateTime } = words;
  const pdf = new ReportPdf(report.name, data.generatedAt, data.locale);
  const { doc } = pdf;
  const cards = data.overview.cards;

  pdf.cover(t('reports.analysis.title'), data.project.name, report);
  doc.moveDown(1);
  pdf.table(
    [
      { title: t('reports.analysis.modelFile'), width: 0.5 },
      { title: t('reports.analysis.version'), width: 0.15 },
      { title: t('reports.analysis.elements'), width: 0.15, align: 'right' },
      { title: t('reports.analysis.processed'), width: 0.2 },
    ],
    data.files.map((f) => [
      f.version.fileName,
      f.version.versionTag,
      num(f.version.elementsCount),
      f.version.processedAt ? f.version.processedAt.toISOString().slice(0, 10) : '—',
    ]),
  );
  pdf.paragraph(
    data.idsFiles.length > 0
      ? t('reports.analysis.idsRules', { files: data.idsFiles.map((f) => f.name).join(', ') })
      : t('reports.analysis.noIdsRules'),
    { color: MUTED },
  );
  pdf.paragraph(t('reports.analysis.generated', { at: dateTime(data.generatedAt) }), { color: MUTED });

  // Contents (written at the end, when every section's page is known).
  doc.addPage();
  const tocPage = pdf.pageIndex;

  // Executive summary: the Overview's own figures.
  pdf.section(t('reports.analysis.summary'));
  const compliance = cards.ids_compliance;
  // The server's one figure (compliance/figures.ts idsComplianceOf), as the Overview card prints it.
  const boxes: Array<[string, string, string]> = [
    [
      t('reports.analysis.idsCompliance'),
      pct(compliance.compliance_rate),
      t('reports.analysis.idsComplianceNote', {
        compliant: num(compliance.compliant_elements),
        applicable: num(compliance.applicable_elements),
      }),
    ],
    [t('reports.analysis.pairs'), num(cards.total_validation_pairs), t('reports.analysis.pairsNote')],
    [
      t('reports.analysis.elements'),
      num(cards.elements),
      t('reports.analysis.modelFiles', { count: cards.bim_files }),
    ],
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
  pdf.subheading(t('reports.analysis.worst'));
  if (worst.length === 0) pdf.paragraph(t('reports.analysis.worstNone'), { color: MUTED });
  for (const s of worst) {
    pdf.paragraph(
      t('reports.analysis.worstLine', {
        name: s.name,
        file: s.file,
        rate: pct(s.rate),
        failing: num(s.applicable - s.compliant),
        applicable: num(s.applicable),
      }),
    );
  }
  const trend = data.overview.trend;
  pdf.subheading(t('reports.analysis.change'));
  if (trend.length >= 2) {
    const last = trend[trend.length - 1];
    const previous = trend[trend.length - 2];
    if (last && previous) {
      const delta = last.compliance_score - previous.compliance_score;
      pdf.paragraph(
        t('reports.analysis.changeLine', {
          file: last.file_name,
          version: last.version_tag,
          rate: pct(last.compliance_score),
          direction: delta >= 0 ? 'up' : 'down',
          points: pct(Math.abs(delta)).replace(/\s?%$/, ''),
          previous: previous.version_tag,
          previousRate: pct(previous.compliance_score),
        }),
      );
    }
  } else {
    pdf.paragraph(t('reports.analysis.changeNone'), { color: MUTED });
  }

  // Compliance per specification, per file.
  pdf.section(t('reports.analysis.perSpecification'));
  pdf.paragraph(t('reports.analysis.perSpecificationIntro'), { color: MUTED, size: 9 });
  for (const file of data.files) {
    const ids = file.compliance.ids_compliance;
    pdf.subheading(
      t('reports.analysis.fileCompliance', {
        file: file.version.fileName,
        version: file.version.versionTag,
        rate: pct(ids.compliance_rate),
        compliant: num(ids.compliant_elements),
        applicable: num(ids.applicable_elements),
      }),
      true,
    );
    pdf.bars(
      file.specifications.map((s) => ({
        label: s.name,
        percent: s.rate,
        note:
          s.applicable > 0
            ? `${words.state(s.state)}: ${pct(s.rate)} (${num(s.compliant)}/${num(s.applicable)})`
            : words.state(s.state),
      })),
    );
  }

  // Trend across versions.
  pdf.section(t('reports.analysis.trend'));
  if (trend.length === 0) pdf.paragraph(t('reports.analysis.trendNone'), { color: MUTED });
  else {
    pdf.paragraph(t('reports.analysis.trendIntro'), { color: MUTED, size: 9 });
    pdf.lineChart(
      [
        { name: t('reports.analysis.exists'), color: '#2563eb', values: trend.map((p) => p.exists) },
        { name: t('reports.analysis.populated'), color: WARN, values: trend.map((p) => p.populated) },
        { name: t('reports.analysis.compliant'), color: PASS, values: trend.map((p) => p.compliant) },
      ],
      trend.map((p) => `${p.version_tag}`),
    );
    pdf.table(
      [
        { title: t('reports.analysis.file'), width: 0.4 },
        { title: t('reports.analysis.version'), width: 0.12 },
        { title: t('reports.analysis.exists'), width: 0.12, align: 'right' },
        { title: t('reports.analysis.populated'), width: 0.12, align: 'right' },
        { title: t('reports.analysis.compliant'), width: 0.12, align: 'right' },
        { title: t('reports.analysis.idsCompliance'), width: 0.12, align: 'right' },
      ],
      trend.map((p) => [
        p.file_name,
        p.version_tag,
        pct(p.exists),
        pct(p.populated),
        pct(p.compliant),
        pct(p.compliance_score),
      ]),
    );
  }

  // Failures per specification and requirement.
  pdf.section(t('reports.analysis.byRequirement'));
  for (const file of data.files) failuresOfFile(pdf, file, words);

  // Failures per element type.
  pdf.section(t('reports.analysis.byType'));
  pdf.paragraph(t('reports.analysis.byTypeIntro'), { color: MUTED, size: 9 });
  for (const file of data.files) {
    pdf.subheading(`${file.version.fileName} ${file.version.versionTag}`);
    if (file.byClass.length === 0) pdf.paragraph(t('reports.analysis.noFailures'), { color: PASS });
    else
      pdf.table(
        [
          { title: t('reports.analysis.elementType'), width: 0.4 },
          { title: t('reports.analysis.failingRequirements'), width: 0.2, align: 'right' },
          { title: t('reports.analysis.failingPairs'), width: 0.2, align: 'right' },
          { title: t('reports.analysis.elements'), width: 0.2, align: 'right' },
        ],
        file.byClass.map((c) => [c.ifcClass, num(c.requirements), num(c.pairs), num(c.elements)]),
      );
  }

  // The model's validity (issue 38).
  validityOfFiles(pdf, data.files, words);

  // Attribute insights.
  pdf.section(t('reports.analysis.attributes'));
  const insights = data.insights;
  pdf.paragraph(
    t('reports.analysis.attributesLine', {
      gaps: num(insights.totalGaps),
      high: num(insights.highPriorityGaps),
      occurrence: pct(insights.averageOccurrence),
    }),
  );
  if (insights.topRecommendations.length > 0)
    pdf.table(
      [
        { title: t('reports.analysis.attribute'), width: 0.3 },
        { title: t('reports.analysis.propertySet'), width: 0.35 },
        { title: t('reports.analysis.occurrence'), width: 0.15, align: 'right' },
        { title: t('reports.analysis.priority'), width: 0.2 },
      ],
      insights.topRecommendations.map((r) => [r.name, r.propertySet, pct(r.occurrence), r.priority]),
    );

  // Evidence.
  pdf.section(t('reports.analysis.evidence'));
  pdf.paragraph(t('reports.analysis.evidenceIntro'), { color: MUTED, size: 9 });
  pdf.table(
    [
      { title: t('reports.analysis.input'), width: 0.3 },
      { title: 'SHA-256', width: 0.7 },
    ],
    [
      ...data.files.map((f) => [`${f.version.fileName} ${f.version.versionTag} (IFC)`, f.version.sha256]),
      ...data.idsFiles.map((f) => [
        t('reports.analysis.idsInput', { name: f.name, count: f.specifications }),
        f.sha256,
      ]),
    ],
  );
  pdf.table(
    [
      { title: t('reports.analysis.fact'), width: 0.3 },
      { title: t('reports.analysis.value'), width: 0.7 },
    ],
    [
      [
        t('reports.analysis.engine'),
        t('reports.analysis.engineValue', { version: data.evidence.engineVersion }),
      ],
      [t('reports.analysis.conformance'), data.evidence.conformance],
      [t('reports.analysis.generatedAt'), dateTime(data.generatedAt)],
    ],
  );
  waiverEvidence(pdf, data);

  return pdf.finish(tocPage, `${data.project.name} · ${t('reports.analysis.title')}`);
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

function failuresOfFile(pdf: ReportPdf, file: FileSection, words: ReportWords): void {
  const { t } = words;
  pdf.subheading(
    t('reports.analysis.failingOfFile', {
      file: file.version.fileName,
      version: file.version.versionTag,
      count: file.failureRows,
    }),
    true,
  );
  const failing = file.specifications.filter((s) => s.requirements.length > 0);
  if (failing.length === 0) {
    pdf.paragraph(t('reports.analysis.allMeet'), { color: PASS });
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
          t('reports.analysis.requirementLine', { requirement: req.requirement, count: req.failures }),
          pdf.left + 8,
          pdf.doc.y,
          { width: pdf.width - 8 },
        );
      pdf.doc.moveDown(0.2);
      pdf.table(
        [
          { title: 'GlobalId', width: 0.24 },
          { title: t('reports.analysis.name'), width: 0.24 },
          { title: t('reports.analysis.storey'), width: 0.16 },
          { title: t('reports.analysis.reason'), width: 0.36 },
        ],
        req.examples.map((e) => [e.globalId ?? `#${e.stepId}`, e.name ?? '—', e.level ?? '—', e.reason]),
      );
      const rest = req.failures - req.examples.length;
      if (rest > 0)
        pdf.paragraph(t('reports.analysis.more', { count: rest }), {
          color: MUTED,
          size: 8.5,
        });
    }
  }
}

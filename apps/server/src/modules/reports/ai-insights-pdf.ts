// The AI Insights report's PDF (ai-insights.ts asks the questions): rendered on a worker thread
// (cpu-worker.ts), the answers and a fix list ranked from the stored failures.
import { foldedText, foldLongRuns } from '@plumbline/contracts';
import type { FileInsights, InsightAnswer } from './ai-insights';
import type { ComprehensiveData } from './data';
import { MUTED, ReportPdf } from './pdf-layout';
import { type ReportWords, reportWords } from './report-words';

export function renderInsightsPdf(
  data: ComprehensiveData,
  files: FileInsights[],
  report: { name: string; description: string; assistant: 'model' | 'analyst' },
): Promise<Buffer> {
  // Every word in the report's language (data.locale: the project's, else the requester's; issue 31).
  const words = reportWords(data.locale);
  const { t } = words;
  const pdf = new ReportPdf(report.name, data.generatedAt, data.locale);
  const { doc } = pdf;
  pdf.cover(t('reports.insights.title'), data.project.name, report);
  const scope = files.map((f) => `${f.fileName} ${f.versionTag}`).join(', ');
  pdf.paragraph(
    t('reports.insights.intro', {
      scope,
      assistant: report.assistant,
      at: data.generatedAt.toISOString().slice(0, 16).replace('T', ' '),
    }),
    { color: MUTED },
  );
  doc.addPage();
  const tocPage = pdf.pageIndex;

  for (const file of files) {
    pdf.section(files.length > 1 ? `${file.fileName} ${file.versionTag}` : t('reports.insights.questions'));
    file.answers.forEach((a, i) => {
      answerBlock(pdf, a, i, words);
    });
  }

  pdf.section(t('reports.insights.fixFirst'));
  pdf.paragraph(t('reports.insights.fixIntro'), { color: MUTED, size: 9 });
  const fixes = data.files
    .flatMap((f) =>
      f.specifications.flatMap((s) =>
        s.requirements.map((r) => ({
          file: f.version.fileName,
          spec: s.name,
          requirement: r.requirement,
          failures: r.failures,
        })),
      ),
    )
    .sort((a, b) => b.failures - a.failures)
    .slice(0, 15);
  if (fixes.length === 0) pdf.paragraph(t('reports.insights.nothingFails'));
  else
    pdf.table(
      [
        { title: '#', width: 0.06, align: 'right' },
        { title: t('reports.insights.fix'), width: 0.42 },
        { title: t('reports.insights.specification'), width: 0.34 },
        { title: t('reports.insights.clears'), width: 0.18, align: 'right' },
      ],
      fixes.map((f, i) => [String(i + 1), f.requirement, `${f.spec} (${f.file})`, words.num(f.failures)]),
    );
  return pdf.finish(tocPage, `${data.project.name} · ${t('reports.insights.title')}`);
}

/** One question with its answer; long enumerations in an answer are folded as the screens fold them. */
function answerBlock(pdf: ReportPdf, a: InsightAnswer, i: number, { t }: ReportWords): void {
  pdf.subheading(`${i + 1}. ${a.question}`);
  pdf.paragraph(a.answer ? foldLongRuns(a.answer) : t('reports.insights.noAnswer'));
  if (a.cited.length === 0) return;
  const types = Object.entries(a.citedByType)
    .sort((x, y) => y[1] - x[1])
    .map(([type, n]) => `${type} ${n}`);
  pdf.paragraph(
    t('reports.insights.cites', {
      count: a.cited.length,
      types: types.length > 0 ? ` (${foldedText(types)})` : '',
      first: a.cited.slice(0, 5).join(', '),
    }),
    { color: MUTED, size: 8.5 },
  );
}

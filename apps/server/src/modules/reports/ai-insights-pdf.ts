// The AI Insights report's PDF (ai-insights.ts asks the questions): rendered on a worker thread
// (cpu-worker.ts), the answers and a fix list ranked from the stored failures.
import { foldedText, foldLongRuns } from '@plumbline/contracts';
import type { FileInsights, InsightAnswer } from './ai-insights';
import type { ComprehensiveData } from './data';
import { MUTED, ReportPdf } from './pdf-layout';

export function renderInsightsPdf(
  data: ComprehensiveData,
  files: FileInsights[],
  report: { name: string; description: string; assistant: 'model' | 'analyst' },
): Promise<Buffer> {
  const pdf = new ReportPdf(report.name, data.generatedAt);
  const { doc } = pdf;
  pdf.cover('AI Insights & Recommendations', data.project.name, report);
  const scope = files.map((f) => `${f.fileName} ${f.versionTag}`).join(', ');
  pdf.paragraph(
    `Answers about ${scope}, by ${report.assistant === 'model' ? 'the configured language model' : "Plumbline's built-in analyst"}, from the project's stored data. Generated ${data.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    { color: MUTED },
  );
  doc.addPage();
  const tocPage = pdf.pageIndex;

  for (const file of files) {
    pdf.section(files.length > 1 ? `${file.fileName} ${file.versionTag}` : 'Questions and answers');
    file.answers.forEach((a, i) => {
      answerBlock(pdf, a, i);
    });
  }

  pdf.section('What to fix first');
  pdf.paragraph('Ranked by how many failing requirements each fix clears, from the stored check results.', {
    color: MUTED,
    size: 9,
  });
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
  if (fixes.length === 0) pdf.paragraph('Nothing fails: every applicable element meets every requirement.');
  else
    pdf.table(
      [
        { title: '#', width: 0.06, align: 'right' },
        { title: 'Fix', width: 0.42 },
        { title: 'Specification', width: 0.34 },
        { title: 'Clears', width: 0.18, align: 'right' },
      ],
      fixes.map((f, i) => [
        String(i + 1),
        f.requirement,
        `${f.spec} (${f.file})`,
        f.failures.toLocaleString('en-GB'),
      ]),
    );
  return pdf.finish(tocPage, `${data.project.name} · AI Insights & Recommendations`);
}

/** One question with its answer; long enumerations in an answer are folded as the screens fold them. */
function answerBlock(pdf: ReportPdf, a: InsightAnswer, i: number): void {
  pdf.subheading(`${i + 1}. ${a.question}`);
  pdf.paragraph(a.answer ? foldLongRuns(a.answer) : 'No answer.');
  if (a.cited.length === 0) return;
  const types = Object.entries(a.citedByType)
    .sort((x, y) => y[1] - x[1])
    .map(([type, n]) => `${type} ${n}`);
  pdf.paragraph(
    `Cites ${a.cited.length} element${a.cited.length === 1 ? '' : 's'}${types.length > 0 ? ` (${foldedText(types)})` : ''}; first: ${a.cited.slice(0, 5).join(', ')}.`,
    { color: MUTED, size: 8.5 },
  );
}

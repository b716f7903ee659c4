// AI Insights & Recommendations (issue 13): eight questions (spec 2 §9) put to the project's
// assistant, the built-in analyst offline or the configured model, each answer with the elements it
// cites, then a fix list ranked from the stored failures (not from the answers' text).
import { foldedText, foldLongRuns } from '@plumbline/contracts';
import type { AiService } from '../ai';
import type { ComprehensiveData } from './data';
import { MUTED, ReportPdf } from './pdf-layout';

/** Chosen to cover what the analyst answers (overview, compliance, failures, gaps, counts, changes). */
export const INSIGHT_QUESTIONS = [
  'Give me an overview of this model.',
  'Summarise the IDS compliance of this model.',
  'Which elements fail the IDS requirements?',
  'Which properties are missing?',
  'How many elements are there per storey?',
  'What changed since the previous version?',
  'Which walls fail their requirements?',
  'Which doors and windows fail their requirements?',
] as const;

export interface InsightAnswer {
  question: string;
  answer: string;
  cited: string[];
  citedByType: Record<string, number>;
}

/** One file's answers: the report for "All files" has one of these per file (issue 35). */
export interface FileInsights {
  fileName: string;
  versionTag: string;
  answers: InsightAnswer[];
}

/** Every file of the report's scope asked in turn, in the order the report lists the files. */
export async function askInsightsForFiles(
  ai: AiService,
  input: {
    userId: string;
    projectId: string;
    files: ReadonlyArray<{ fileId: string; fileName: string; versionTag: string }>;
  },
): Promise<FileInsights[]> {
  const out: FileInsights[] = [];
  for (const file of input.files) {
    const answers = await askInsights(ai, {
      userId: input.userId,
      projectId: input.projectId,
      fileId: file.fileId,
    });
    out.push({ fileName: file.fileName, versionTag: file.versionTag, answers });
  }
  return out;
}

/** Asks each question about one file's newest processed version; an answer that fails says so. */
export async function askInsights(
  ai: AiService,
  input: { userId: string; projectId: string; fileId: string },
): Promise<InsightAnswer[]> {
  // The insights PDF's own words are English (not yet in a catalogue): its answers are asked in English too.
  const scope = await ai.prepareChat('en', input.userId, input.projectId, input.fileId);
  const answers: InsightAnswer[] = [];
  for (const question of INSIGHT_QUESTIONS) {
    let answer = '';
    let cited: string[] = [];
    let citedByType: Record<string, number> = {};
    for await (const event of ai.chat(scope, question, new AbortController().signal)) {
      if (event.type === 'message') answer += event.content;
      else if (event.type === 'elements') {
        cited = event.elements;
        citedByType = Object.fromEntries(Object.entries(event.elementsByType).map(([k, v]) => [k, v.length]));
      } else if (event.type === 'error') answer += `\n${event.content}`;
    }
    answers.push({ question, answer: answer.trim(), cited, citedByType });
  }
  return answers;
}

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

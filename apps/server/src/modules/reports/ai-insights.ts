// AI Insights & Recommendations (issue 13): eight questions (spec 2 §9) put to the project's
// assistant, the built-in analyst offline or the configured model, each answer with the elements it
// cites, then a fix list ranked from the stored failures (not from the answers' text). The PDF is drawn
// on a worker thread by ai-insights-pdf.ts, so the server never loads pdfkit for the asking.
import type { AiService } from '../ai';

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

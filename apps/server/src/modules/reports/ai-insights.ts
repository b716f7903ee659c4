// AI Insights & Recommendations (issue 13): eight questions (spec 2 §9) put to the project's
// assistant, the built-in analyst offline or the configured model, each answer with the elements it
// cites, then a fix list ranked from the stored failures (not from the answers' text). The PDF is drawn
// on a worker thread by ai-insights-pdf.ts, so the server never loads pdfkit for the asking.
import { type Locale, render } from '../../platform/i18n';
import type { AiService } from '../ai';

/**
 * Chosen to cover what the analyst answers (overview, compliance, failures, gaps, counts, changes);
 * asked in the report's language (the catalogue's `reports.insights.q.*`), so the answers are in it too.
 */
export const INSIGHT_QUESTIONS = [
  'overview',
  'compliance',
  'failing',
  'missing',
  'perStorey',
  'changes',
  'walls',
  'doorsWindows',
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
    locale?: Locale;
  },
): Promise<FileInsights[]> {
  const out: FileInsights[] = [];
  for (const file of input.files) {
    const answers = await askInsights(ai, {
      userId: input.userId,
      projectId: input.projectId,
      fileId: file.fileId,
      locale: input.locale,
    });
    out.push({ fileName: file.fileName, versionTag: file.versionTag, answers });
  }
  return out;
}

/** Asks each question about one file's newest processed version; an answer that fails says so. */
export async function askInsights(
  ai: AiService,
  input: { userId: string; projectId: string; fileId: string; locale?: Locale },
): Promise<InsightAnswer[]> {
  // Asked and answered in the report's language (the PDF's own words are in it too).
  const locale = input.locale ?? 'en';
  const scope = await ai.prepareChat(locale, input.userId, input.projectId, input.fileId);
  const answers: InsightAnswer[] = [];
  for (const key of INSIGHT_QUESTIONS) {
    const question = render(locale, `reports.insights.q.${key}`);
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

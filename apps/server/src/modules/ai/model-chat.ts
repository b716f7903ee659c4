import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AiChatEvent } from '@plumbline/contracts';
import { LOCALE_NAMES, type Locale } from '@plumbline/i18n';
import { stepCountIs, streamText, type Tool, tool } from 'ai';
import { type AnalystContext, analystTools, Citations, VersionFacts } from './analyst';
import type { ModelCounts } from './analyst/overview';
import type { VersionRef } from './repo';

/** An OpenAI-compatible chat-completions endpoint (config AI_BASE_URL, AI_API_KEY, AI_MODEL). */
export interface ModelTarget {
  baseUrl: string;
  apiKey: string | null;
  model: string;
}

export interface ModelQuestion {
  analyst: AnalystContext;
  version: VersionRef;
  project: { name: string; description: string };
  fileName: string;
  counts: ModelCounts;
  question: string;
  /** The asking person's language: the answer's. */
  lang: Locale;
  signal: AbortSignal;
}

/** Most model ↔ tool round trips for one question. */
const MAX_STEPS = 6;

function systemPrompt(q: ModelQuestion): string {
  const top = q.counts.byCategory
    .slice(0, 8)
    .map((c) => `${c.name} ${c.count}`)
    .join(', ');
  return [
    'You are the assistant of Plumbline, a tool that checks IFC building models against buildingSMART IDS rules.',
    `Project: ${q.project.name}.${q.project.description ? ` Description: ${q.project.description}` : ''}`,
    `File: ${q.fileName}, version ${q.version.versionTag}: ${q.counts.total} elements on ${q.counts.levels.length} levels (${top}).`,
    'Answer only from this model data. Call the tools to get figures; never invent numbers, names or ids.',
    `Answer in ${LOCALE_NAMES[q.lang]} (the person's language; the tools answer in it). If no tool can answer the question, say so and suggest questions the tools can answer.`,
    'Be brief and specific: counts, names, levels and reasons. The elements you looked at are shown to the user as sources.',
  ].join('\n');
}

/**
 * Streams a language model's answer as chat events. The analyst's functions are its tools, run on the
 * chosen version; every element a tool result cites becomes a source of the answer.
 */
export async function* streamModelAnswer(target: ModelTarget, q: ModelQuestion): AsyncGenerator<AiChatEvent> {
  const provider = createOpenAICompatible({
    name: 'plumbline-assistant',
    baseURL: target.baseUrl,
    ...(target.apiKey ? { apiKey: target.apiKey } : {}),
  });
  const citations = new Citations();
  // One snapshot of the version for every tool call of this answer.
  const facts = new VersionFacts(q.analyst);
  const tools: Record<string, Tool> = {};
  for (const [name, def] of Object.entries(analystTools)) {
    tools[name] = tool({
      description: def.description,
      inputSchema: def.input,
      execute: async (args: Record<string, unknown>) => {
        const result = await def.run(facts, args, q.lang);
        citations.merge(result.citations);
        return { answer: result.text, data: result.data, citedElements: result.citations.size };
      },
    });
  }
  const metadata = { source: 'model' as const, version_id: q.version.id };
  const result = streamText({
    model: provider.chatModel(target.model),
    system: systemPrompt(q),
    prompt: q.question,
    tools,
    stopWhen: stepCountIs(MAX_STEPS),
    abortSignal: q.signal,
    maxRetries: 1,
    // Errors arrive as 'error' parts below and are logged by the service; no console output of its own.
    onError: () => {},
  });
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta' && part.text.length > 0) {
      yield { type: 'message', content: part.text, metadata };
    } else if (part.type === 'error') {
      throw part.error instanceof Error ? part.error : new Error(String(part.error));
    }
  }
  yield { type: 'elements', ...citations.toEvent() };
}

import { type AiChatEvent, aiChatEventSchema } from '@plumbline/contracts';
import { apiUrl } from '@/lib/api/paths';
import { currentLocale } from '@/lib/i18n/store';

/**
 * Reads the assistant's server-sent event stream (spec 3 §7): lines 'data: <json>' of type message,
 * elements, error or complete. Malformed lines are logged and skipped (spec 3 §8).
 */
export class SseLineParser {
  private buffer = '';

  /** Feeds a decoded chunk; returns the events completed by it. */
  push(chunk: string): AiChatEvent[] {
    this.buffer += chunk;
    const lines = this.buffer.split(/\r?\n/);
    this.buffer = lines.pop() ?? '';
    return lines.flatMap(parseSseLine);
  }

  /** The last line, when the stream ended without a newline. */
  flush(): AiChatEvent[] {
    const rest = this.buffer;
    this.buffer = '';
    return parseSseLine(rest);
  }
}

export function parseSseLine(line: string): AiChatEvent[] {
  if (!line.startsWith('data:')) return [];
  const payload = line.slice(5).trim();
  if (payload.length === 0 || payload === '[DONE]') return [];
  try {
    const parsed = aiChatEventSchema.safeParse(JSON.parse(payload));
    if (parsed.success) return [parsed.data];
    console.warn('Skipping a chat event of unknown shape', payload);
  } catch {
    console.warn('Skipping a malformed chat stream line', payload);
  }
  return [];
}

export interface ChatRequest {
  projectId: string;
  fileId: string;
  versionId?: string | null;
  message: string;
  sessionId: string;
  signal: AbortSignal;
  fetchImpl?: typeof fetch;
}

/** The text of a failed response: the API's error message when it sent one, else its status text. */
async function failureText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { message?: string } };
    if (body.error?.message) return body.error.message;
  } catch {
    // not JSON
  }
  return text.trim() || response.statusText;
}

/**
 * Sends a question and yields the stream's events. Throws 'HTTP {status}: {text}' on a non-OK
 * response and 'No response body' when there is none; an abort surfaces as an AbortError.
 */
export async function* streamChat(request: ChatRequest): AsyncGenerator<AiChatEvent> {
  const fetchImpl = request.fetchImpl ?? fetch;
  const locale = currentLocale();
  const accept = locale === 'en-XA' ? 'en' : locale;
  const response = await fetchImpl(
    apiUrl('/ai/chat/{projectId}/{fileId}', {
      path: { projectId: request.projectId, fileId: request.fileId },
      query: { versionId: request.versionId || null },
    }),
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        // The assistant answers in the page's language, as every API text is written (client.ts).
        'accept-language': accept,
      },
      credentials: 'same-origin',
      signal: request.signal,
      body: JSON.stringify({
        message: request.message,
        session_id: request.sessionId,
        context: { timestamp: new Date().toISOString() },
      }),
    },
  );
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await failureText(response)}`);
  if (!response.body) throw new Error('No response body');
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseLineParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    yield* parser.push(decoder.decode());
    yield* parser.flush();
  } finally {
    reader.releaseLock();
  }
}

/** The chat session id: project id, file id and a timestamp (spec 3 §4). */
export function chatSessionId(projectId: string, fileId: string, now = Date.now()): string {
  return `${projectId}_${fileId}_${now}`;
}

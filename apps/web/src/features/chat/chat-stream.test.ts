import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocale } from '@/lib/i18n/store';
import { chatSessionId, parseSseLine, SseLineParser, streamChat } from './chat-stream';

afterEach(() => vi.restoreAllMocks());

function sseResponse(chunks: string[], init: ResponseInit = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' }, ...init });
}

async function collect(fetchImpl: typeof fetch) {
  const events = [];
  for await (const event of streamChat({
    projectId: 'p',
    fileId: 'f',
    versionId: 'v',
    message: 'How many doors?',
    sessionId: 's',
    signal: new AbortController().signal,
    fetchImpl,
  })) {
    events.push(event);
  }
  return events;
}

describe('chat stream parsing', () => {
  it('joins events split across chunks and skips malformed lines', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const parser = new SseLineParser();
    const first = parser.push('data: {"type":"message","content":"Hel');
    expect(first).toEqual([]);
    const second = parser.push('lo"}\n\ndata: {not json}\n\ndata: {"type":"mystery"}\n: comment\n');
    expect(second).toEqual([{ type: 'message', content: 'Hello' }]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(parser.push('data: {"type":"complete"}')).toEqual([]);
    expect(parser.flush()).toEqual([{ type: 'complete' }]);
  });

  it('reads each event type of the protocol', () => {
    expect(
      parseSseLine('data: {"type":"elements","elements":["a"],"elementsByType":{"Wall":["a"]}}'),
    ).toEqual([{ type: 'elements', elements: ['a'], elementsByType: { Wall: ['a'] } }]);
    expect(parseSseLine('data: {"type":"error","content":"Boom","metadata":{"error":true}}')).toEqual([
      { type: 'error', content: 'Boom', metadata: { error: true } },
    ]);
    expect(parseSseLine('event: ping')).toEqual([]);
  });
});

describe('streamChat', () => {
  it('posts message, session id and context to the chat route and yields the events in order', async () => {
    const fetchImpl = vi.fn(async () =>
      sseResponse([
        'data: {"type":"message","content":"3 doors"}\n\n',
        'data: {"type":"elements","elements":["g1"],"elementsByType":{"Door":["g1"]}}\n\ndata: {"type":"complete"}\n\n',
      ]),
    ) as unknown as typeof fetch;
    const events = await collect(fetchImpl);
    expect(events.map((e) => e.type)).toEqual(['message', 'elements', 'complete']);
    const [url, init] = vi.mocked(fetchImpl).mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/ai/chat/p/f?versionId=v');
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({ message: 'How many doors?', session_id: 's' });
    expect(typeof body.context.timestamp).toBe('string');
    // The assistant answers in the page's language, which the request names.
    expect(new Headers(init?.headers).get('accept-language')).toBe(currentLocale());
  });

  it("fails with 'HTTP {status}: {text}' on a non-OK answer, using the API's message", async () => {
    const json = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: 'file_not_found', message: 'File not found' } }), {
          status: 404,
        }),
    ) as unknown as typeof fetch;
    await expect(collect(json)).rejects.toThrow('HTTP 404: File not found');
    const text = vi.fn(
      async () => new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }),
    ) as unknown as typeof fetch;
    await expect(collect(text)).rejects.toThrow('HTTP 502: upstream down');
  });

  it("fails with 'No response body' when the answer has none", async () => {
    const fetchImpl = vi.fn(async () => new Response(null, { status: 200 })) as unknown as typeof fetch;
    await expect(collect(fetchImpl)).rejects.toThrow('No response body');
  });

  it('builds the session id from project id, file id and a timestamp', () => {
    expect(chatSessionId('p1', 'f1', 1700000000000)).toBe('p1_f1_1700000000000');
  });
});

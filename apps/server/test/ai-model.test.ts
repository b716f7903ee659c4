import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readIfc } from '@plumbline/ifc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssistantProject, ask, projectWithModel } from './support/ai-fixture';
import { testBackends } from './support/backends';
import { sharedFile } from './support/samples';
import { call, startTestServer, type TestServer } from './support/server';

const haus = sharedFile('ifc-samples/AC20-FZK-Haus.ifc');

interface ChatRequest {
  model: string;
  stream: boolean;
  messages: { role: string; content: unknown; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string } }[];
}

/**
 * A stand-in for an OpenAI-compatible server on 127.0.0.1 speaking the streaming chat-completions
 * protocol: the first turn asks for the count_elements tool (arguments streamed in pieces), the turn
 * after the tool result answers in text built from that result. 'break' in a question gives a 500.
 */
class StandInModel {
  readonly requests: { body: ChatRequest; authorization: string | undefined }[] = [];
  private server: Server | null = null;

  async start(): Promise<string> {
    const server = createServer((req, res) => {
      void this.handle(req).then(({ status, chunks }) => {
        if (status !== 200) {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'the stand-in model broke', type: 'server_error' } }));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        for (const chunk of chunks) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        res.end('data: [DONE]\n\n');
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; chunks: unknown[] }> {
    let raw = '';
    for await (const piece of req) raw += piece;
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return { status: 404, chunks: [] };
    const body = JSON.parse(raw) as ChatRequest;
    this.requests.push({ body, authorization: req.headers.authorization });
    const chunk = (delta: unknown, finish: string | null = null) => ({
      id: 'chatcmpl-standin',
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const question = JSON.stringify(body.messages.find((m) => m.role === 'user')?.content ?? '');
    if (question.includes('break')) return { status: 500, chunks: [] };
    const toolMessage = body.messages.find((m) => m.role === 'tool');
    if (!toolMessage) {
      return {
        status: 200,
        chunks: [
          chunk({
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                index: 0,
                id: 'call_doors',
                type: 'function',
                function: { name: 'count_elements', arguments: '' },
              },
            ],
          }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: '{"clas' } }] }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: 'ses": ["IfcD' } }] }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: 'oor"]}' } }] }),
          chunk({}, 'tool_calls'),
        ],
      };
    }
    const content =
      typeof toolMessage.content === 'string' ? toolMessage.content : JSON.stringify(toolMessage.content);
    const result = JSON.parse(content) as {
      data: { total: number; byLevel: { name: string; count: number }[] };
    };
    const words = [
      `The model has ${result.data.total} doors: `,
      result.data.byLevel.map((l) => `${l.count} on ${l.name}`).join(', '),
      '.',
    ];
    return {
      status: 200,
      chunks: [...words.map((content) => chunk({ role: 'assistant', content })), chunk({}, 'stop')],
    };
  }
}

for (const backend of testBackends()) {
  describe.skipIf(!haus)(
    `assistant: a configured OpenAI-compatible model with the analyst as tools (${backend.name})`,
    () => {
      const standIn = new StandInModel();
      let server: TestServer;
      let project: AssistantProject;

      beforeAll(async () => {
        const baseUrl = await standIn.start();
        server = await startTestServer(backend, {
          AI_BASE_URL: baseUrl,
          AI_API_KEY: 'stand-in-key',
          AI_MODEL: 'stand-in-1',
        });
        project = await projectWithModel(server, haus as Buffer);
      });
      afterAll(async () => {
        await server?.stop();
        await standIn.stop();
      });

      it("streams the model's text, after running the tool it called on the real data, and cites its elements", async () => {
        const model = readIfc(new Uint8Array(haus as Buffer));
        const doors = [...model.products()]
          .filter((id) => model.classOf(id) === 'IFCDOOR')
          .map((id) => {
            const storey = model.storeyOf(id);
            return {
              globalId: model.globalId(id),
              level: storey === null ? '(no level)' : (model.name(storey) ?? ''),
            };
          });
        model.dispose();
        standIn.requests.length = 0;

        const { response, events, text, cited } = await ask(
          server,
          project.owner,
          project,
          'How many doors are there?',
        );
        expect(response.statusCode).toBe(200);

        // First turn: the question, our tools, streaming, our key and model name.
        const [first, second] = standIn.requests;
        expect(standIn.requests).toHaveLength(2);
        expect(first?.authorization).toBe('Bearer stand-in-key');
        expect(first?.body).toMatchObject({ model: 'stand-in-1', stream: true });
        expect(first?.body.tools?.map((t) => t.function.name).sort()).toEqual([
          'compliance_by_class',
          'compliance_by_requirement',
          'compliance_by_specification',
          'compliance_by_storey',
          'compliance_summary',
          'count_elements',
          'elements_lacking_property',
          'failing_elements',
          'fix_list',
          'missing_properties',
          'model_overview',
          'specification_applicability',
          'version_changes',
        ]);
        expect(JSON.stringify(first?.body.messages)).toContain('How many doors are there?');

        // Second turn: carries the tool's result, computed from the stored version.
        const toolMessage = second?.body.messages.find((m) => m.role === 'tool');
        expect(toolMessage?.tool_call_id).toBe('call_doors');
        const result = JSON.parse(String(toolMessage?.content));
        const perLevel = new Map<string, number>();
        for (const d of doors) perLevel.set(d.level, (perLevel.get(d.level) ?? 0) + 1);
        expect(result.data.total).toBe(doors.length);
        expect(
          new Map(result.data.byLevel.map((l: { name: string; count: number }) => [l.name, l.count])),
        ).toEqual(perLevel);

        const expectedText = `The model has ${doors.length} doors: ${result.data.byLevel
          .map((l: { name: string; count: number }) => `${l.count} on ${l.name}`)
          .join(', ')}.`;
        expect(text).toBe(expectedText);
        expect(events.filter((e) => e.type === 'message').length).toBeGreaterThan(1);
        expect(events[0]?.metadata).toMatchObject({ source: 'model', version_id: project.versionId });
        expect(cited?.elementsByType).toEqual({ Door: doors.map((d) => d.globalId) });
        expect(events.at(-1)).toEqual({ type: 'complete' });
      });

      it('reports a failing model as an error event, and says the model answers in the panel context', async () => {
        const { response, events } = await ask(server, project.owner, project, 'please break');
        expect(response.statusCode).toBe(200);
        const error = events.find((e) => e.type === 'error');
        expect(error?.content).toMatch(/^The assistant could not answer: /);
        expect(error?.metadata).toMatchObject({ error: true, source: 'model' });
        expect(events.some((e) => e.type === 'complete')).toBe(false);

        const context = await call(
          server,
          project.owner,
          'GET',
          `/api/v1/ai/context/${project.projectId}/${project.fileId}`,
        );
        expect(context.json().assistant).toBe('model');
      });
    },
  );
}

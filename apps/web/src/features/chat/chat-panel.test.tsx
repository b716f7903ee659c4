// @vitest-environment happy-dom
import type { AiChatEvent, AiModelContext } from '@plumbline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/lib/testing/fetch-mock';
import { renderWithApp } from '@/lib/testing/render';
import { ChatPanel } from './chat-panel';
import { conversations } from './use-chat';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const FILE = '00000000-0000-4000-8000-000000000002';

const CONTEXT: AiModelContext = {
  project: { name: 'Harbour Tower', description: 'A twelve-storey office building' },
  file: { id: FILE, name: 'tower.ifc' },
  version: { id: '00000000-0000-4000-8000-000000000003', version_tag: 'v1' },
  element_count: 1200,
  level_count: 3,
  levels: ['Ground', 'Level 1', 'Level 2'],
  categories: [{ name: 'IfcDoor', count: 40 }],
  systems: [],
  suggestions: ['How many doors fail the fire rating?'],
  assistant: 'analyst',
};

/** The answer as the server streams it: `data: <json>` lines, sent in pieces that split a line. */
function sseAnswer(events: AiChatEvent[]): Response {
  const text = events.map((event) => `data: ${JSON.stringify(event)}\n`).join('');
  const encoder = new TextEncoder();
  const pieces = [text.slice(0, 25), text.slice(25, 90), text.slice(90)];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const ANSWER: AiChatEvent[] = [
  { type: 'message', content: 'Two doors fail: ', metadata: { source: 'analyst' } },
  { type: 'message', content: 'D-02 and D-07 have no FireRating.' },
  {
    type: 'elements',
    elements: ['GUID-D02', 'GUID-D07'],
    elementsByType: { IfcDoor: ['GUID-D02', 'GUID-D07'] },
    sources: [
      { global_id: 'GUID-D02', name: 'Door D-02', ifc_class: 'IfcDoor', storey: 'Ground' },
      { global_id: 'GUID-D07', name: 'Door D-07', ifc_class: 'IfcDoor', storey: 'Level 1' },
    ],
  },
  { type: 'complete' },
];

function mockChat(answer: () => Response) {
  return mockApi({
    [`GET /ai/context/${PROJECT}/${FILE}`]: { body: CONTEXT },
    [`POST /ai/chat/${PROJECT}/${FILE}`]: answer,
  });
}

describe('ChatPanel', () => {
  // The tab's conversations outlive a render (decision 0178): each test starts with none.
  beforeEach(() => conversations.clear());

  it('asks a typed question and shows the streamed answer with its sources', async () => {
    const calls = mockChat(() => sseAnswer(ANSWER));
    const { user } = renderWithApp(<ChatPanel projectId={PROJECT} fileId={FILE} />);
    const panel = screen.getByRole('region', { name: 'AI Assistant' });
    const input = within(panel).getByRole('textbox', { name: 'Ask the AI assistant' });
    // Nothing to send yet.
    expect(within(panel).getByRole('button', { name: 'Send' })).toBeDisabled();

    await user.type(input, 'Which doors fail?');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));

    const log = within(panel).getByRole('log', { name: 'Conversation' });
    expect(within(log).getByRole('article', { name: 'Your message' })).toHaveTextContent('Which doors fail?');
    const answer = await within(log).findByRole('article', { name: 'Assistant message' });
    await waitFor(() =>
      expect(answer).toHaveTextContent('Two doors fail: D-02 and D-07 have no FireRating.'),
    );
    expect(
      within(answer).getByText('Found 2 elements: click a source to highlight it in the 3D viewer.'),
    ).toBeVisible();
    expect(within(answer).getByRole('button', { name: 'Sources (2 elements)' })).toBeVisible();
    expect(input).toHaveValue('');

    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toMatchObject({ message: 'Which doors fail?' });
  });

  it('asks a suggested question of the model summary with one click', async () => {
    mockChat(() => sseAnswer(ANSWER));
    const { user } = renderWithApp(<ChatPanel projectId={PROJECT} fileId={FILE} />);
    await user.click(await screen.findByRole('button', { name: 'How many doors fail the fire rating?' }));
    expect(await screen.findByRole('article', { name: 'Assistant message' })).toHaveTextContent(
      'D-02 and D-07 have no FireRating.',
    );
  });

  it('highlights the elements of a clicked source in the viewer', async () => {
    mockChat(() => sseAnswer(ANSWER));
    const onHighlight = vi.fn();
    const { user } = renderWithApp(<ChatPanel projectId={PROJECT} fileId={FILE} onHighlight={onHighlight} />);
    await user.type(
      screen.getByRole('textbox', { name: 'Ask the AI assistant' }),
      'Which doors fail?{Enter}',
    );
    await user.click(await screen.findByRole('button', { name: 'Sources (2 elements)' }));
    await waitFor(() => expect(onHighlight).toHaveBeenCalledWith(['GUID-D02', 'GUID-D07']));
  });

  it("says it is having trouble when the server refuses, with the server's reason", async () => {
    mockChat(
      () =>
        new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many questions.' } }), {
          status: 429,
        }),
    );
    const { user } = renderWithApp(<ChatPanel projectId={PROJECT} fileId={FILE} />);
    await user.type(
      screen.getByRole('textbox', { name: 'Ask the AI assistant' }),
      'Which doors fail?{Enter}',
    );
    const answer = await screen.findByRole('article', { name: 'Assistant message' });
    expect(answer).toHaveTextContent("I'm having trouble connecting right now...");
    expect(answer).toHaveTextContent('HTTP 429: Too many questions.');
  });

  it('shows a failed request as a red bubble with the HTTP status and a toast, and Clear Chat empties it', async () => {
    // Moved from chat.e2e (decision 0205): a plain-text 503, as a proxy in front of the server sends.
    mockChat(
      () => new Response('assistant offline', { status: 503, headers: { 'content-type': 'text/plain' } }),
    );
    const { user } = renderWithApp(<ChatPanel projectId={PROJECT} fileId={FILE} />);
    await user.click(await screen.findByRole('button', { name: 'How many doors fail the fire rating?' }));
    const bubble = await screen.findByRole('article', { name: 'Assistant message' });
    expect(
      within(bubble).getByText("I'm having trouble connecting right now...", { exact: false }),
    ).toBeVisible();
    expect(bubble).toHaveTextContent('HTTP 503: assistant offline');
    expect(bubble).toHaveAttribute('data-error', 'true');
    expect(await screen.findByText("I'm having trouble right now")).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Clear Chat' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows "Analysing your project data..." while waiting and cancels without an error', async () => {
    // Moved from viewer-and-chat-errors.e2e (decision 0205): an answer that never comes until the
    // browser drops the request.
    let asked = false;
    mockApi({
      [`GET /ai/context/${PROJECT}/${FILE}`]: { body: CONTEXT },
      [`POST /ai/chat/${PROJECT}/${FILE}`]: ({ signal }) =>
        new Promise((_, reject) => {
          asked = true;
          signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    });
    const { user } = renderWithApp(<ChatPanel projectId={PROJECT} fileId={FILE} />);
    const panel = screen.getByRole('region', { name: 'AI Assistant' });
    const input = within(panel).getByRole('textbox', { name: 'Ask the AI assistant' });
    await user.type(input, 'How many doors per level?{Enter}');
    expect(await within(panel).findByText('Analysing your project data...')).toBeVisible();
    expect(asked).toBe(true);
    expect(input).toBeDisabled();

    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(within(panel).queryByText('Analysing your project data...')).not.toBeInTheDocument(),
    );
    expect(input).not.toBeDisabled();
    expect(within(panel).queryByRole('article', { name: 'Assistant message' })).not.toBeInTheDocument();
    expect(screen.queryByText("I'm having trouble right now")).not.toBeInTheDocument();
  });

  it('shows a stream error event as a red message and skips a malformed line', async () => {
    // Moved from viewer-and-chat-errors.e2e (decision 0205).
    const lines = [
      'data: {"type":"message","content":"Counting the doors"}',
      'data: {this is not json',
      'data: {"type":"error","content":"The analysis stopped: the version is no longer available.","metadata":{"error":true}}',
      'data: {"type":"complete"}',
    ];
    mockChat(
      () =>
        new Response(`${lines.join('\n\n')}\n\n`, {
          status: 200,
          headers: { 'content-type': 'text/event-stream' },
        }),
    );
    const { user } = renderWithApp(<ChatPanel projectId={PROJECT} fileId={FILE} />);
    await user.type(
      screen.getByRole('textbox', { name: 'Ask the AI assistant' }),
      'How many doors per level?{Enter}',
    );
    const bubble = await screen.findByRole('article', { name: 'Assistant message' });
    await waitFor(() =>
      expect(bubble).toHaveTextContent('The analysis stopped: the version is no longer available.'),
    );
    await waitFor(() => expect(bubble).toHaveAttribute('data-error', 'true'));
    // An error answer found nothing: no 'Found N elements' line.
    expect(screen.queryByText(/^Found \d+ elements?/)).not.toBeInTheDocument();
  });

  it('asks for a project and file before anything can be sent', () => {
    mockApi({});
    renderWithApp(<ChatPanel projectId={PROJECT} fileId={null} />);
    expect(screen.getByText('Select a project and a file to ask about them.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Ask the AI assistant' })).toBeDisabled();
  });

  it('clears the conversation', async () => {
    mockChat(() => sseAnswer(ANSWER));
    const { user } = renderWithApp(<ChatPanel projectId={PROJECT} fileId={FILE} />);
    await user.type(
      screen.getByRole('textbox', { name: 'Ask the AI assistant' }),
      'Which doors fail?{Enter}',
    );
    await screen.findByText(/Found 2 elements/);
    await user.click(screen.getByRole('button', { name: 'Clear Chat' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

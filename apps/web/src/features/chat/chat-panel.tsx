import { Bot, Loader2, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { ChatInput } from './chat-input';
import { ChatIntro } from './chat-intro';
import { ChatMessageBubble } from './chat-message';
import { useChatContext } from './queries';
import { conversations, useChat } from './use-chat';

/** Scroll along with new messages only when the reader is within this many pixels of the bottom. */
const AUTO_SCROLL_PX = 100;
/** Source clicks reach the viewer after this pause, so quick clicks make one highlight request. */
const HIGHLIGHT_DEBOUNCE_MS = 500;

export interface ChatPanelProps {
  projectId: string | null | undefined;
  fileId: string | null | undefined;
  versionId?: string | null | undefined;
  /** Elements to highlight in the 3D viewer, by IFC GlobalId. */
  onHighlight?: ((guids: string[]) => void) | undefined;
  className?: string;
}

/** The AI chat panel (spec 3 §2.2): answers about the chosen file version, with clickable sources. */
export function ChatPanel({ projectId, fileId, versionId, onHighlight, className }: ChatPanelProps) {
  const t = useT('chat');
  const context = useChatContext(projectId, fileId, versionId);
  const { messages, status, send, cancel, clear } = useChat(
    { projectId, fileId, versionId },
    context.data?.version?.version_tag ?? null,
  );
  // Conversations are kept per version: say where the others are rather than seem to have lost them.
  const elsewhere =
    projectId && fileId && messages.length === 0
      ? conversations.otherVersionsWithConversation({ projectId, fileId, versionId })
      : [];
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const highlightTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const busy = status !== 'idle';
  const missingIds = !projectId || !fileId;
  const noVersion = context.data !== undefined && context.data.version === null;

  // A new question scrolls to the bottom (the question and the loader). An answer is kept with its
  // start in view while it streams in, so a long answer is read from its first line, not its sources.
  const anchored = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow every new message or piece.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const last = messages.at(-1);
    if (last?.type === 'ai') {
      if (anchored.current === last.id) return;
      const bubble = el.querySelector<HTMLElement>(`[data-message-id="${last.id}"]`);
      if (!bubble) return;
      anchored.current = last.id;
      if (!nearBottom.current) return;
      el.scrollTop = bubble.offsetTop - 8;
      return;
    }
    if (nearBottom.current) el.scrollTop = el.scrollHeight;
  }, [messages, status]);

  useEffect(
    () => () => {
      if (highlightTimer.current) clearTimeout(highlightTimer.current);
    },
    [],
  );

  const highlight = useCallback(
    (guids: string[]) => {
      if (!onHighlight) return;
      if (highlightTimer.current) clearTimeout(highlightTimer.current);
      highlightTimer.current = setTimeout(() => {
        highlightTimer.current = null;
        onHighlight(guids);
      }, HIGHLIGHT_DEBOUNCE_MS);
    },
    [onHighlight],
  );

  const ask = useCallback((question: string) => send(question), [send]);

  return (
    <section
      aria-label={t('chat.title')}
      className={cn(
        'flex h-full min-h-0 min-w-0 flex-col rounded-lg border border-border bg-card',
        className,
      )}
    >
      <header className="flex items-center justify-between border-b border-border px-3 py-2">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <Bot className="size-4 text-primary" aria-hidden />
          {t('chat.title')}
        </h2>
        <Button variant="ghost" size="sm" onClick={clear} disabled={messages.length === 0 && !busy}>
          <Trash2 aria-hidden />
          {t('chat.clear')}
        </Button>
      </header>

      <div
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= AUTO_SCROLL_PX;
        }}
        className="relative min-h-0 flex-1 space-y-3 overflow-y-auto p-3"
      >
        {missingIds ? (
          <p className="text-sm text-muted-foreground">{t('chat.selectPrompt')}</p>
        ) : context.isPending ? (
          <div className="space-y-2" role="status" aria-label={t('chat.loadingSummary')}>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : context.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(context.error, t('chat.summaryFailed'))}
          </p>
        ) : noVersion ? (
          <p className="text-sm text-muted-foreground">{t('chat.noVersion')}</p>
        ) : (
          <ChatIntro context={context.data} onAsk={(q) => void ask(q)} disabled={busy} />
        )}

        {elsewhere.length > 0 && (
          <p className="text-xs text-muted-foreground" data-testid="chat-kept-elsewhere">
            {t('chat.keptElsewhere', { versions: elsewhere.join(', ') })}
          </p>
        )}

        {/* A polite log: a screen reader announces each new message once, when its answer has finished
            streaming (aria-busy holds the announcement until then). */}
        <div
          role="log"
          aria-live="polite"
          aria-relevant="additions text"
          aria-busy={busy}
          aria-label={t('chat.conversation')}
          className="space-y-3"
        >
          {messages.map((message) => (
            <ChatMessageBubble key={message.id} message={message} onSelectElements={highlight} />
          ))}
        </div>

        {status === 'sending' && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {t('chat.analysing')}
          </p>
        )}
      </div>

      <footer className="border-t border-border p-3">
        <ChatInput busy={busy} disabled={missingIds || noVersion} onSend={ask} onCancel={cancel} />
      </footer>
    </section>
  );
}

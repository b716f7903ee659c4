import type { AiSource } from '@plumbline/contracts';
import { Bot, User } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/format';
import { t as translate, useT } from '@/lib/i18n';
import { ChatTextView } from './chat-text-view';
import type { ChatMessage } from './use-chat';

export interface ChatMessageBubbleProps {
  message: ChatMessage;
  onSelectElements(guids: string[]): void;
}

/** What a person recognises a cited element by: 'Door D01 · IfcDoor · Level 00'. */
export function sourceLabel(source: AiSource): string {
  return [source.name ?? 'Unnamed', source.ifc_class, source.storey ?? 'no storey'].join(' · ');
}

/** The line under an answer that replaces the old 'Found N elements' toast. */
export function foundLine(n: number): string {
  return translate('chat.found', { count: n });
}

/** A user or AI bubble with its timestamp; AI answers list their sources, grouped by type. */
export function ChatMessageBubble({ message, onSelectElements }: ChatMessageBubbleProps) {
  const t = useT('chat');
  const isUser = message.type === 'user';
  const isError = message.metadata.error === true;
  const groups = Object.entries(message.elementsByType);
  const sources = new Map(message.sources.map((source) => [source.global_id, source]));
  return (
    <div data-message-id={message.id} className={cn('flex gap-2', isUser && 'flex-row-reverse')}>
      <div
        className={cn(
          'mt-1 flex size-6 shrink-0 items-center justify-center rounded-full',
          isUser ? 'bg-primary text-primary-foreground' : 'bg-muted text-foreground',
        )}
        aria-hidden
      >
        {isUser ? <User className="size-3.5" /> : <Bot className="size-3.5" />}
      </div>
      <article
        aria-label={isUser ? t('chat.yourMessage') : t('chat.assistantMessage')}
        data-error={isError || undefined}
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm',
          isUser && 'bg-primary text-primary-foreground',
          !isUser && !isError && 'bg-muted',
          isError && 'border border-red-300 bg-red-50 text-red-700 dark:bg-red-950/40 dark:text-red-300',
        )}
      >
        {isUser || isError ? (
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
        ) : (
          <ChatTextView text={message.content} />
        )}
        {!isUser && message.elements.length > 0 && (
          <section aria-label={t('chat.sources')} className="mt-2 border-t border-border/70 pt-2">
            <button
              type="button"
              className="text-xs font-medium text-primary hover:underline"
              onClick={() => onSelectElements(message.elements)}
            >
              {t('chat.sourcesCount', { count: message.elements.length })}
            </button>
            <div className="mt-1 max-h-40 space-y-1 overflow-y-auto pr-1">
              {groups.map(([label, ids]) => (
                <div key={label} className="text-xs">
                  <button
                    type="button"
                    className="font-medium text-muted-foreground hover:text-foreground"
                    onClick={() => onSelectElements(ids)}
                  >
                    {label} ({ids.length})
                  </button>
                  <ul className="mt-0.5 flex flex-wrap gap-1">
                    {ids.map((id) => {
                      const source = sources.get(id);
                      return (
                        <li key={id}>
                          <button
                            type="button"
                            title={t('chat.highlight', { label, id })}
                            className="rounded border border-border bg-background px-1 text-left text-[11px] hover:border-primary hover:text-primary"
                            onClick={() => onSelectElements([id])}
                          >
                            {source ? sourceLabel(source) : <span className="font-mono">{id}</span>}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))}
            </div>
          </section>
        )}
        {!isUser && !isError && message.done && (
          <p data-testid="answer-found" className="mt-2 text-xs text-muted-foreground">
            {foundLine(message.elements.length)}
          </p>
        )}
        <time
          dateTime={message.timestamp.toISOString()}
          className={cn(
            'mt-1 block text-[11px]',
            isUser ? 'text-primary-foreground' : 'text-muted-foreground',
          )}
        >
          {formatTime(message.timestamp)}
        </time>
      </article>
    </div>
  );
}

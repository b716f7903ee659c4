import { Loader2, Send, X } from 'lucide-react';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';

export const CHAT_PLACEHOLDER =
  "What insights would help you deliver better value today? (e.g., 'Are there any design optimisation opportunities?')";

const MIN_HEIGHT = 80;
const MAX_HEIGHT = 150;

export interface ChatInputProps {
  busy: boolean;
  disabled: boolean;
  onSend(text: string): Promise<boolean>;
  onCancel(): void;
}

/** Multi-line question box: Enter sends, Shift+Enter adds a line; grows from 80 to 150 px. */
export function ChatInput({ busy, disabled, onSend, onCancel }: ChatInputProps) {
  const t = useT('chat');
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);

  // Grow with the text between the two heights (spec 3 §9).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes.
  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.style.height = 'auto';
    area.style.height = `${Math.min(Math.max(area.scrollHeight, MIN_HEIGHT), MAX_HEIGHT)}px`;
  }, [text]);

  const canSend = !busy && !disabled && text.trim().length > 0;
  async function submit() {
    if (!canSend) return;
    const question = text;
    setText('');
    const sent = await onSend(question);
    if (!sent) setText(question);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <div className="flex items-end gap-2">
      <textarea
        ref={ref}
        aria-label={t('chat.ask')}
        value={text}
        placeholder={CHAT_PLACEHOLDER}
        disabled={disabled || busy}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        style={{ minHeight: MIN_HEIGHT, maxHeight: MAX_HEIGHT }}
        className="flex-1 resize-none overflow-y-auto rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60"
      />
      {busy ? (
        <Button variant="outline" onClick={onCancel} aria-label={t('chat.cancel')}>
          <X aria-hidden />
          {t('chat.cancel')}
        </Button>
      ) : (
        <Button onClick={() => void submit()} disabled={!canSend} aria-label={t('chat.send')}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          {t('chat.send')}
        </Button>
      )}
    </div>
  );
}

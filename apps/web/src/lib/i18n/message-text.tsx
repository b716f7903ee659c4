import { Suspense } from 'react';
import { useT } from './store';

/** A message id: dotted words, no spaces (a sentence always has one). */
const MESSAGE_ID = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/;

export function isMessageId(text: string): boolean {
  return MESSAGE_ID.test(text);
}

/**
 * Text that may be a message id of the shared catalogues (packages/contracts/src/messages): a zod
 * message of a shared schema (`validation.email.invalid`) shown by a form. An id is rendered in the
 * page's language; any other text is shown as it is. The catalogue loads when first needed, so only
 * this text waits for it, never the form around it.
 */
export function MessageText({ text }: { text: string }) {
  if (!isMessageId(text)) return text;
  return (
    <Suspense fallback={null}>
      <SharedMessage id={text} />
    </Suspense>
  );
}

function SharedMessage({ id }: { id: string }) {
  const t = useT(id.startsWith('validation.') ? 'validation' : 'errors');
  return t.has(id) ? t(id) : id;
}

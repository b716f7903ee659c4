import type { RichValues, Translator } from '@plumbline/i18n';
import { Fragment, type ReactNode } from 'react';
import type { MessageId } from '@/messages';

/**
 * A message with tags as React nodes: `rich(t, 'app.signIn.newHere', { link: (c) => <Link …>{c}</Link> })`
 * for "New here? <link>Create an account</link>". The sentence stays whole in the catalogue, so a
 * translator can move the link where the language puts it.
 */
export function rich(t: Translator<MessageId>, id: MessageId, values: RichValues<ReactNode>): ReactNode {
  return t.parts<ReactNode>(id, values).map((part, index) => (
    // The parts of one message never reorder: their position is their identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={index}>{part}</Fragment>
  ));
}

import { Fragment } from 'react';
import { type Inline, parseChatText } from './chat-text';

function InlinePart({ part }: { part: Inline }) {
  if (part.kind === 'bold') return <strong className="font-semibold">{part.text}</strong>;
  if (part.kind === 'code')
    return <code className="rounded bg-background/70 px-1 py-0.5 font-mono text-[0.8em]">{part.text}</code>;
  return <>{part.text}</>;
}

function InlineText({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one line never reorder
        <InlinePart key={index} part={part} />
      ))}
    </>
  );
}

/** An answer's text as paragraphs, lists and headings (chat-text.ts), built as elements, not HTML. */
export function ChatTextView({ text }: { text: string }) {
  const blocks = parseChatText(text);
  return (
    <div className="space-y-2 break-words [overflow-wrap:anywhere]">
      {blocks.map((block, index) => {
        // biome-ignore-start lint/suspicious/noArrayIndexKey: blocks of one answer only grow at the end
        if (block.kind === 'heading')
          return (
            <p key={index} className="font-semibold">
              <InlineText parts={block.text} />
            </p>
          );
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List
              key={index}
              className={block.ordered ? 'list-decimal space-y-0.5 pl-5' : 'list-disc space-y-0.5 pl-5'}
            >
              {block.items.map((item, i) => (
                <li key={i}>
                  <InlineText parts={item} />
                </li>
              ))}
            </List>
          );
        }
        return (
          <p key={index}>
            {block.lines.map((line, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                <InlineText parts={line} />
              </Fragment>
            ))}
          </p>
        );
        // biome-ignore-end lint/suspicious/noArrayIndexKey: blocks of one answer only grow at the end
      })}
    </div>
  );
}

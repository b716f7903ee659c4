/**
 * The Studio's undo and redo: the IDS text before and after each edit. Every edit is a whole new
 * text (edits are text splices, decision 0280), so going back is taking the previous text.
 */
export interface History {
  readonly past: readonly string[];
  readonly present: string;
  readonly future: readonly string[];
}

/** Steps kept for undo: a long session does not keep every keystroke's text forever. */
export const HISTORY_LIMIT = 200;

export function startHistory(text: string): History {
  return { past: [], present: text, future: [] };
}

/** A new text after an edit; redo is no longer possible. */
export function record(history: History, text: string): History {
  if (text === history.present) return history;
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: text, future: [] };
}

export function undo(history: History): History {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: History): History {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

import type { Diagnostic, Fix } from '@plumbline/ids/lint/index';
import { useEffect, useState } from 'react';

/** The linter somewhere off the page's thread: diagnostics of a text, a quick fix applied to it. */
export interface StudioLinter {
  lint(text: string): Promise<readonly Diagnostic[]>;
  fix(text: string, fix: Fix): Promise<string>;
}

type Answer = { id: number; diagnostics?: Diagnostic[]; text?: string; error?: string };

/** The linter on a web worker (lint.worker.ts), started on first use; answers are matched by id. */
export function workerLinter(): StudioLinter {
  let worker: Worker | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  const ask = (message: Record<string, unknown>): Promise<Answer> => {
    if (!worker) {
      worker = new Worker(new URL('./lint.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<Answer>) => {
        const request = waiting.get(event.data.id);
        waiting.delete(event.data.id);
        if (event.data.error === undefined) request?.resolve(event.data);
        else request?.reject(new Error(event.data.error));
      };
    }
    const id = nextId++;
    const target = worker;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      target.postMessage({ ...message, id });
    });
  };
  return {
    lint: async (text) => (await ask({ kind: 'lint', text })).diagnostics ?? [],
    fix: async (text, fix) => (await ask({ kind: 'fix', text, fix })).text ?? text,
  };
}

export interface LintState {
  diagnostics: readonly Diagnostic[];
  /** The text the diagnostics are of (they are stale while it differs from the text shown). */
  linted: string | null;
  error: string | null;
}

/** Lints the text after it has rested for `delayMs`; an older answer never replaces a newer one. */
export function useLint(text: string, linter: StudioLinter, delayMs = 250): LintState {
  const [state, setState] = useState<LintState>({ diagnostics: [], linted: null, error: null });
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      linter.lint(text).then(
        (diagnostics) => current && setState({ diagnostics, linted: text, error: null }),
        (error: Error) => current && setState({ diagnostics: [], linted: text, error: error.message }),
      );
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, linter, delayMs]);
  return state;
}

/// <reference lib="webworker" />
// The Studio's linter thread: lintIds (with the standard property set tables) and applying a quick
// fix, off the page's thread and out of the page's bundle.
import { applyFix, type Fix, lintIds } from '@plumbline/ids/lint/index';

type Request =
  | { id: number; kind: 'lint'; text: string }
  | { id: number; kind: 'fix'; text: string; fix: Fix };

self.onmessage = (event: MessageEvent<Request>) => {
  const request = event.data;
  try {
    if (request.kind === 'fix')
      self.postMessage({ id: request.id, text: applyFix(request.text, request.fix) });
    else self.postMessage({ id: request.id, diagnostics: lintIds(request.text).diagnostics });
  } catch (error) {
    self.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
};

import './index.css';
import { startFirstViewCatalogues } from './app/first-view-catalogues';
import { startFirstViewRequests } from './app/first-view-requests';
import { preloadPageCode } from './app/page-code-preload';
import { pageCodeHasRun } from './app/page-code-run';
import { fitStaticShell } from './app/static-shell';
import { pageLocale } from './lib/i18n/locale';
import { nextTask } from './lib/next-task';
import { namespaces } from './messages';

// The static shell names the Overview; a dashboard opening elsewhere shows the plain loading page.
fitStaticShell(document, window.location.pathname, window.location.search);

// Opened on the dashboard or the demo: its first requests start now, while the code downloads.
startFirstViewRequests(window.location.pathname, window.location.search);

// The page's first catalogue downloads beside the app's code (boot.tsx waits for it; the pseudo-locale
// is made from English).
const locale = pageLocale();
const catalogueLocale = locale === 'en-XA' ? 'en' : locale;
void namespaces.app(catalogueLocale).catch(() => {});

/**
 * Runs the page's code (the chunks `preloadPageCode` named, each after the chunks it imports), one
 * chunk per task, then the app. The app's libraries are a few chunks (build/first-view-chunks.ts
 * START_CHUNKS); imported at once, all of them were evaluated in one task, the sign-in page's longest,
 * and Lighthouse counts each task's time past 50 ms, times four on a phone (issue 37, decision 0441).
 */
async function startApp(files: string[]): Promise<void> {
  try {
    for (const file of files) {
      await import(/* @vite-ignore */ file);
      await nextTask();
    }
    await import('./app/boot');
  } finally {
    pageCodeHasRun();
  }
}

/**
 * The app (app/boot.tsx, with the route's code the page names) starts once the browser has painted index.html's
 * static loading shell. Run straight away, the app's start-up (hundreds of milliseconds on a phone)
 * would come before the first paint, and the visitor would look at a blank page meanwhile (issue 21,
 * decision 0176). A hidden tab paints no frames: the timer starts the app there.
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  const files = preloadPageCode(document);
  // A dashboard's catalogues beside its code (after the first paint, as the code: decision 0190).
  startFirstViewCatalogues(window.location.pathname, window.location.search, catalogueLocale);
  void startApp(files);
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 200);

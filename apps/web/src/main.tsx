import './index.css';
import { startFirstViewRequests } from './app/first-view-requests';
import { preloadPageCode } from './app/page-code-preload';
import { fitStaticShell } from './app/static-shell';
import { pageLocale } from './lib/i18n/locale';
import { namespaces } from './messages';

// The static shell names the Overview; a dashboard opening elsewhere shows the plain loading page.
fitStaticShell(document, window.location.pathname, window.location.search);

// Opened on the dashboard or the demo: its first requests start now, while the code downloads.
startFirstViewRequests(window.location.pathname, window.location.search);

// The page's first catalogue downloads beside the app's code (boot.tsx waits for it; the pseudo-locale
// is made from English).
const locale = pageLocale();
void namespaces.app(locale === 'en-XA' ? 'en' : locale).catch(() => {});

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
  preloadPageCode(document);
  void import('./app/boot');
};
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 200);

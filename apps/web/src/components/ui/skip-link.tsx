import { useT } from '@/lib/i18n';

/** The id of the page's main landmark, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the first focusable element of a page, hidden until focused (WCAG 2.4.1).
 * Activating it moves focus to the main landmark (which needs `id={MAIN_CONTENT_ID}` and `tabIndex={-1}`)
 * without changing the URL, so client-side routes and tab state are untouched.
 */
export function SkipLink() {
  const t = useT('app');
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-foreground focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-ring"
    >
      {t('app.skipLink')}
    </a>
  );
}

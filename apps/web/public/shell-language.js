// The static loading shell of index.html (and dashboard.html's Overview heading) in the page's language,
// before any module has run: a classic script, so it runs as the parser reaches it, before the first
// paint, without the React catalogues (which load with the app). The locale rule is lib/i18n/locale.ts's:
// ?lang=, else the plumbline_locale cookie, else the browser's languages, else English. The words are
// the `app` catalogue's (app.loading, app.overview.title, app.overview.description);
// build/shell-language.test.ts holds this table to them. The pseudo-locale's shell stays English.
(() => {
  const WORDS = {
    de: ['Wird geladen …', 'Übersicht', 'Konformität der Modelle Ihres Projekts mit seinen IDS-Regeln.'],
    fr: ['Chargement…', 'Vue d’ensemble', 'Conformité des maquettes de votre projet à ses règles IDS.'],
    nl: ['Laden…', 'Overzicht', 'Conformiteit van de modellen van uw project met de IDS-regels.'],
  };
  const SPOKEN = ['en', 'de', 'fr', 'nl', 'en-XA'];
  const asked = new URLSearchParams(location.search).get('lang');
  let locale = SPOKEN.includes(asked) ? asked : null;
  if (!locale) {
    for (const part of document.cookie.split(';')) {
      const eq = part.indexOf('=');
      if (eq !== -1 && part.slice(0, eq).trim() === 'plumbline_locale') {
        let value = part.slice(eq + 1).trim();
        try {
          value = decodeURIComponent(value);
        } catch {}
        if (SPOKEN.includes(value)) locale = value;
        break;
      }
    }
  }
  if (!locale) {
    const languages =
      navigator.languages && navigator.languages.length > 0
        ? navigator.languages
        : [navigator.language || ''];
    for (const tag of languages) {
      const language = String(tag).trim().toLowerCase().split(/[-_]/)[0];
      if (SPOKEN.includes(language)) {
        locale = language;
        break;
      }
    }
  }
  locale = locale || 'en';
  document.documentElement.lang = locale;
  const words = WORDS[locale];
  if (!words) return;
  const status = document.querySelector('#root [role="status"]');
  if (status) status.textContent = words[0];
  const heading = document.querySelector('#root [data-loading-heading]');
  if (heading && heading.children.length === 2) {
    heading.children[0].textContent = words[1];
    heading.children[1].textContent = words[2];
  }
})();

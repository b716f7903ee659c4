// The session's cookie names, in a module of their own without schemas: the web app's entry reads the
// hint before any schema library has loaded (apps/web/src/app/first-view-requests.ts, decision 0176).

export const SESSION_COOKIE = 'plumbline_session';
/**
 * Set and cleared with the session cookie, readable by scripts and holding no secret ("1"): the web app
 * asks /auth/me only when it is present, so a signed-out visitor's pages make no request sure to fail.
 */
export const SESSION_HINT_COOKIE = 'plumbline_signed_in';

/**
 * The language the web app is shown in (`en`, `de`, `fr`, `nl`, or the pseudo-locale `en-XA`), readable by
 * scripts: chosen in a language switcher, or the signed-in user's profile language (issue 31).
 */
export const LOCALE_COOKIE = 'plumbline_locale';

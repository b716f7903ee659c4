/** Small, pure cookie helpers: parsing and serialising are separated from `document` so they can be tested. */

export interface CookieOptions {
  /** Lifetime in seconds. */
  maxAge?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
  secure?: boolean;
}

/** Reads one cookie's value from a `document.cookie`-style string; undefined when absent. */
export function readCookie(name: string, cookieHeader: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** Builds the string assigned to `document.cookie` to set one cookie. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.floor(options.maxAge)}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function getBrowserCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return readCookie(name, document.cookie);
}

export function setBrowserCookie(name: string, value: string, options?: CookieOptions): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some supported browsers; serializeCookie does the escaping.
  document.cookie = serializeCookie(name, value, options);
}

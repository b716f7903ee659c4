import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies';

describe('readCookie', () => {
  it('finds a cookie among others, ignoring spaces', () => {
    expect(readCookie('dashboard_active_tab', 'a=1; dashboard_active_tab=projects;b=2')).toBe('projects');
  });

  it('does not match a cookie whose name only ends with the wanted name', () => {
    expect(readCookie('tab', 'dashboard_tab=projects')).toBeUndefined();
  });

  it('decodes encoded values and keeps malformed ones raw', () => {
    expect(readCookie('n', 'n=a%20b')).toBe('a b');
    expect(readCookie('n', 'n=%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('returns undefined for an empty header', () => {
    expect(readCookie('x', '')).toBeUndefined();
  });
});

describe('serializeCookie', () => {
  it('writes path, max-age and SameSite=Lax by default', () => {
    expect(serializeCookie('dashboard_active_tab', 'team', { maxAge: 2592000 })).toBe(
      'dashboard_active_tab=team; Path=/; Max-Age=2592000; SameSite=Lax',
    );
  });

  it('encodes the value and adds Secure when asked', () => {
    expect(serializeCookie('k', 'a;b', { secure: true, sameSite: 'Strict' })).toBe(
      'k=a%3Bb; Path=/; SameSite=Strict; Secure',
    );
  });
});

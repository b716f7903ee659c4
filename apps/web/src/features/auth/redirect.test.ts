import { describe, expect, it } from 'vitest';
import { afterSignInPath } from './redirect';

describe('afterSignInPath', () => {
  it('returns to the dashboard page the person came from', () => {
    expect(afterSignInPath({ from: '/dashboard?tab=projects' })).toBe('/dashboard?tab=projects');
  });

  it('defaults to /dashboard for anything else', () => {
    expect(afterSignInPath(undefined)).toBe('/dashboard');
    expect(afterSignInPath({ from: '//evil.example/dashboard' })).toBe('/dashboard');
    expect(afterSignInPath({ from: '/dashboardx' })).toBe('/dashboard');
    expect(afterSignInPath({ from: 42 })).toBe('/dashboard');
  });
});

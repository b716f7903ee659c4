/**
 * Where to go after signing in: back to the dashboard page the person was sent away from (kept in the
 * router state by RequireSession), else /dashboard. Only dashboard paths are honoured, so the state can
 * never send anyone off-site.
 */
export function afterSignInPath(state: unknown): string {
  if (state && typeof state === 'object' && 'from' in state) {
    const from = (state as { from: unknown }).from;
    if (typeof from === 'string' && /^\/dashboard(?:[/?#]|$)/.test(from)) return from;
  }
  return '/dashboard';
}

import type { User } from '@plumbline/contracts';

/** How far an API token reaches (decision 0266): each scope includes the ones before it. */
export const TOKEN_SCOPES = ['read', 'write', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The API token a request was authenticated with. */
export interface TokenGrant {
  id: string;
  kind: 'personal' | 'project';
  scope: TokenScope;
  /** A project token's project: the only one it reaches. Null for a personal token. */
  projectId: string | null;
}

/** Who is asking: what every authenticated route handler gets. */
export interface AuthContext {
  user: User;
  /** The sign-in session; null when the request came with an API token. */
  sessionId: string | null;
  /** Set when this request slid the session's expiry forward (the cookie is then re-issued). */
  renewed: { token: string; expiresAt: Date } | null;
  /** Set when the request came with an API token: its reach is the user's role within this grant. */
  token: TokenGrant | null;
}

/** Whether a token of scope `held` may call a route that needs `needed`. */
export function scopeCovers(held: TokenScope, needed: TokenScope): boolean {
  return TOKEN_SCOPES.indexOf(held) >= TOKEN_SCOPES.indexOf(needed);
}

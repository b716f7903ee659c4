import type { User } from '@plumbline/contracts';

/** Who is asking: what every authenticated route handler gets. */
export interface AuthContext {
  user: User;
  sessionId: string;
  /** Set when this request slid the session's expiry forward (the cookie is then re-issued). */
  renewed: { token: string; expiresAt: Date } | null;
}

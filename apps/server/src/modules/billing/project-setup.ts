import type { Database } from '../../platform/db';

/**
 * Work a new project brings with it (the ACC import): checked against the plan's file limits before
 * the card is charged, written in the transaction that creates the project.
 */
export interface ProjectSetup {
  check(limits: { max_files: number; max_storage_bytes: number; source: 'default' }): Promise<void>;
  write(tx: Database, projectId: string, now: Date): Promise<void>;
  /** What `write` needs, as JSON, for a payment confirmed later (Stripe Checkout's webhook). */
  snapshot(): unknown;
}

/** Rebuilds a setup from its snapshot when a checkout completes. */
export type ProjectSetupRestorer = (userId: string, snapshot: unknown) => Pick<ProjectSetup, 'write'>;

import type { AccRuntime } from '../modules/acc/runtime';
import type { ModelTarget } from '../modules/ai/model-chat';
import type { PaymentProvider } from '../modules/billing/payments/provider';
import type { ExplorerStore } from '../modules/metadata';
import type { StringSeal } from '../modules/webhooks';
import type { Clock } from '../platform/clock';
import type { ColumnarEngine } from '../platform/columnar-engine';
import type { WebhookConfig } from '../platform/config';
import type { Database } from '../platform/db';
import type { Logger } from '../platform/logger';
import type { Mailer } from '../platform/mail';
import type { JobSender } from '../platform/queue';
import type { FileStorage } from '../platform/storage/storage';

/** What every job handler is given. */
export interface JobDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  storage: FileStorage;
  /** How long one model's analysis may run (PROCESSING_TIME_LIMIT_SECONDS). */
  timeLimitMs?: number;
  /** Writes each processed version's explorer file (decision 0274); without it none is written. */
  columnar?: ColumnarEngine;
  /** The process's explorer store (0273): the AI Insights report reads property rows through it. */
  explorer?: ExplorerStore;
  /**
   * Whether a processed version's 3D conversion is queued at once (default true). A test server whose
   * tests never open the viewer turns it off (decision 0422); the viewer's first request for the model
   * queues it then (modules/viewer/service.ts).
   */
  fragmentsAfterProcessing?: boolean;
  /** For a job that queues the next step (bimfile.process → fragments.convert). */
  jobs: JobSender;
  /** For the billing cycle: whether plans are sold, and how a renewal charges a saved card. */
  billing: { enabled: boolean; provider: Pick<PaymentProvider, 'chargeSaved'> };
  /** SMTP delivery (SMTP_URL); null: mail stays in the outbox. */
  mailer: Mailer | null;
  /** The ACC import (APS_*): the Autodesk connection and the largest file it may bring; null when off. */
  acc: AccRuntime | null;
  /** Where links in notices point: PUBLIC_URL, else this server on localhost. */
  appUrl: string;
  /** Outbound project webhooks: the bounds and retry policy (WEBHOOK_*), the seal of URLs and secrets. */
  webhooks: { config: WebhookConfig; seal: StringSeal };
  /** The assistant's model for the AI Insights report (null: the built-in analyst). */
  ai: ModelTarget | null;
}

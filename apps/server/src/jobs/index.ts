import type { AnyJobDefinition } from '../platform/queue';
import { fetchAccVersionHandler } from './acc-fetch-version';
import { accVersionEventHandler, registerAccHooksJob } from './acc-hooks';
import { accSessionCleanupHandler } from './acc-session-cleanup';
import { syncAccProjectsJob } from './acc-sync';
import { auditWriteHandler } from './audit-write';
import { billingCycleJob } from './billing-cycle';
import { comparisonStoredHandler } from './comparison-stored';
import { convertFragmentsDeadLetterHandler, convertFragmentsHandler } from './convert-fragments';
import { deliverWebhookHandler } from './deliver-webhook';
import type { JobDeps } from './deps';
import { expireWaiversHandler } from './expire-waivers';
import { explorerFilesJob } from './explorer-files';
import { generateReportHandler } from './generate-report';
import { processBimFileDeadLetterHandler, processBimFileHandler } from './process-bimfile';
import { purgeExpiredSessionsJob } from './purge-expired-sessions';
import { recompareVersionHandler } from './recompare-version';
import { sendMailHandler } from './send-mail';

export type { JobDeps } from './deps';

/** Every job this server knows; workers (in-process or `npm run worker`) serve all of them. */
export const jobDefinitions: ReadonlyArray<AnyJobDefinition<JobDeps>> = [
  auditWriteHandler,
  purgeExpiredSessionsJob,
  processBimFileHandler,
  processBimFileDeadLetterHandler,
  convertFragmentsHandler,
  convertFragmentsDeadLetterHandler,
  billingCycleJob,
  generateReportHandler,
  sendMailHandler,
  fetchAccVersionHandler,
  syncAccProjectsJob,
  accSessionCleanupHandler,
  registerAccHooksJob,
  accVersionEventHandler,
  recompareVersionHandler,
  comparisonStoredHandler,
  deliverWebhookHandler,
  explorerFilesJob,
  expireWaiversHandler,
];

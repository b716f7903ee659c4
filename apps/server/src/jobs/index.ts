import type { AnyJobDefinition } from '../platform/queue';
import { fetchAccVersionJob } from './acc-fetch-version';
import { syncAccProjectsJob } from './acc-sync';
import { auditWriteJob } from './audit-write';
import { billingCycleJob } from './billing-cycle';
import { convertFragmentsJob } from './convert-fragments';
import type { JobDeps } from './deps';
import { generateReportJob } from './generate-report';
import { processBimFileJob } from './process-bimfile';
import { purgeExpiredSessionsJob } from './purge-expired-sessions';
import { sendMailJob } from './send-mail';

export type { JobDeps } from './deps';

/** Every job this server knows; workers (in-process or `npm run worker`) serve all of them. */
export const jobDefinitions: ReadonlyArray<AnyJobDefinition<JobDeps>> = [
  auditWriteJob,
  purgeExpiredSessionsJob,
  processBimFileJob,
  convertFragmentsJob,
  billingCycleJob,
  generateReportJob,
  sendMailJob,
  fetchAccVersionJob,
  syncAccProjectsJob,
];

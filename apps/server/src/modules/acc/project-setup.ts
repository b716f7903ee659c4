import { type AccSelection, accFileSchema, type FileLimits } from '@plumbline/contracts';
import { z } from 'zod';
import type { Database } from '../../platform/db';
import type { AccService, PreparedImport } from './service';

/**
 * The ACC import as billing's ProjectSetup: the wizard's choice checked against Autodesk and the plan
 * before the card is charged, and written in the transaction that creates the project, at once or,
 * after a Stripe Checkout, from the snapshot stored with the checkout.
 */

/** The ACC import a paid project brings (billing's ProjectSetup): checked before the charge, written with the project. */
export function accProjectSetup(service: AccService) {
  return (userId: string, selection: AccSelection) => {
    let prepared: PreparedImport | null = null;
    return {
      async check(limits: FileLimits) {
        prepared = await service.prepareImport(userId, selection, limits);
      },
      async write(tx: Database, projectId: string, now: Date) {
        if (!prepared) throw new Error('the ACC import was not checked before payment');
        await service.attach(tx, projectId, userId, prepared, now);
      },
      snapshot: () => prepared,
    };
  };
}

const preparedImportSchema = z.object({
  hubId: z.string(),
  accProjectId: z.string(),
  accProjectName: z.string(),
  sessionId: z.string(),
  sealedTokens: z.string(),
  files: z.array(accFileSchema),
});

/** The import of a checkout Stripe confirmed later: the snapshot stored with it (its tokens still sealed). */
export function restoreAccSetup(service: AccService) {
  return (userId: string, snapshot: unknown) => ({
    async write(tx: Database, projectId: string, now: Date) {
      await service.attach(tx, projectId, userId, preparedImportSchema.parse(snapshot), now);
    },
  });
}

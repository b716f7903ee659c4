// Issue 35 (limits): Manage Files checks a selection against the project's plan, the one truth uploads
// use; pending invitations hold seats, so the member cap refuses an invitation when it is sent; a refresh
// the plan refuses names its reason, also while the 24-hour cooldown runs. Expected figures are the
// spec's plans (spec 3 §9: Blueprint 10 files, 20 GB, 5 users; Cornerstone 20 files, 50 GB, 10 users).
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingSubscriptions } from '../src/schema';
import { testBackends } from './support/backends';
import { GOOD_CARD } from './support/cards';
import { upload } from './support/multipart';
import {
  advanceAndSignIn,
  call,
  type Session,
  signUp,
  type TestServer,
  testServerForBlock,
} from './support/server';

const DAY = 86_400_000;
const GIB = 1024 ** 3;
/** The smallest file the upload accepts: a STEP header (processing it fails, which is fine here). */
const tinyIfc = (n: number) =>
  `ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((''),'2;1');\nFILE_NAME('m${n}.ifc','2026-01-01T00:00:00',(''),(''),'','','');\nFILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n`;

let keySeq = 0;

for (const backend of testBackends()) {
  describe(`plan limits where things are chosen and sent (${backend.name})`, () => {
    let server: TestServer;
    let owner: Session;

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      owner = await signUp(server, 'Petra Planner');
    });

    async function pay(tierId: string, projectName: string) {
      keySeq += 1;
      const res = await call(server, owner, 'POST', '/api/v1/billing/subscription-payments', {
        customerName: 'Petra Planner',
        billingEmail: 'petra@example.com',
        saveCard: true,
        tierId,
        currency: 'AUD',
        card: GOOD_CARD,
        projectName,
        idempotencyKey: `limits-${keySeq}-${Date.now()}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { project_id: string; subscription: { id: string } };
    }

    it('saves a selection of 12 files on Cornerstone; the same 12 on Blueprint are refused as uploads are', async () => {
      const { project_id } = await pay('cornerstone', 'Twelve files');
      const base = `/api/v1/projects/${project_id}`;
      for (let n = 1; n <= 12; n++) {
        const res = await upload(server, owner, `${base}/bimfiles`, `m${n}.ifc`, tinyIfc(n));
        expect(res.statusCode, res.body).toBe(201);
      }
      const selection = (await call(server, owner, 'GET', `${base}/file-selection`)).json();
      expect(selection.limits).toEqual({ max_files: 20, max_storage_bytes: 50 * GIB, source: 'plan' });
      const ids = selection.files.map((f: { id: string }) => f.id);
      expect(ids).toHaveLength(12);
      const saved = await call(server, owner, 'PUT', `${base}/file-selection`, { file_ids: ids });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().files.filter((f: { included: boolean }) => f.included)).toHaveLength(12);

      // The plan changes to Blueprint (10 files): Manage Files and uploads now read the same limit.
      await server.database.db
        .update(billingSubscriptions)
        .set({ tierId: 'blueprint' })
        .where(eq(billingSubscriptions.projectId, project_id));
      const blueprint = (await call(server, owner, 'GET', `${base}/file-selection`)).json();
      expect(blueprint.limits).toEqual({ max_files: 10, max_storage_bytes: 20 * GIB, source: 'plan' });
      const refused = await call(server, owner, 'PUT', `${base}/file-selection`, { file_ids: ids });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(
        'You have selected 12 files, but your plan allows only 10 files. Please deselect 2 file(s).',
      );
      const thirteenth = await upload(server, owner, `${base}/bimfiles`, 'm13.ifc', tinyIfc(13));
      expect(thirteenth.statusCode).toBe(403);
      expect(thirteenth.json().error.message).toBe(
        'File limit reached: Your Blueprint plan allows a maximum of 10 files.',
      );
    });

    it('counts pending invitations as seats: warns at the fourth of five, refuses the sixth when sent', async () => {
      const { project_id } = await pay('blueprint', 'Five seats');
      const base = `/api/v1/projects/${project_id}`;
      const invite = (email: string) =>
        call(server, owner, 'POST', `${base}/members`, { email, role: 'Viewer' });
      const limits = async () => (await call(server, owner, 'GET', `${base}/limits`)).json();
      const seatViolation = async () =>
        (await limits()).violations.find((v: { type: string }) => v.type === 'users') ?? null;

      // The owner holds the first seat; invitations to addresses without an account hold the others.
      expect((await invite('second@example.com')).statusCode).toBe(201);
      expect((await invite('third@example.com')).statusCode).toBe(201);
      expect(await seatViolation()).toBeNull();
      expect((await invite('fourth@example.com')).statusCode).toBe(201);
      expect((await limits()).usage).toMatchObject({ users: 4, invited: 3 });
      expect(await seatViolation()).toEqual({ type: 'users', current: 4, limit: 5, severity: 'warning' });
      expect((await invite('fifth@example.com')).statusCode).toBe(201);

      const sixth = await invite('sixth@example.com');
      expect(sixth.statusCode).toBe(403);
      expect(sixth.json().error).toMatchObject({
        code: 'limit_users',
        message: 'User limit reached: Your Blueprint plan allows a maximum of 5 team members.',
      });
      const pending = (await call(server, owner, 'GET', `${base}/members`)).json().invitations;
      expect(pending.map((i: { email: string }) => i.email).sort()).toEqual([
        'fifth@example.com',
        'fourth@example.com',
        'second@example.com',
        'third@example.com',
      ]);

      // A withdrawn invitation frees its seat.
      const fifth = pending.find((i: { email: string }) => i.email === 'fifth@example.com');
      expect((await call(server, owner, 'DELETE', `${base}/invitations/${fifth.id}`)).statusCode).toBe(204);
      expect((await invite('sixth@example.com')).statusCode).toBe(201);
      expect((await invite('seventh@example.com')).statusCode).toBe(403);

      // An expired invitation holds no seat (INVITATION_VALID_DAYS, 14 by default).
      await advanceAndSignIn(server, 15 * DAY, [owner]);
      expect((await limits()).usage).toMatchObject({ users: 1, invited: 0 });
    });

    it('names the plan reason when a refresh is refused, also inside the cooldown', async () => {
      const cancelling = await pay('cornerstone', 'Cancelling plan');
      const unpaid = await pay('cornerstone', 'Unpaid plan');
      for (const { project_id } of [cancelling, unpaid]) {
        const res = await upload(
          server,
          owner,
          `/api/v1/projects/${project_id}/bimfiles`,
          'a.ifc',
          tinyIfc(1),
        );
        expect(res.statusCode).toBe(201);
        // Processed a moment ago: the 24-hour cooldown runs.
        await server.database.db.execute(
          sql`update projects set last_processed_at = ${server.clock.now().toISOString()}::timestamptz where id = ${project_id}`,
        );
      }
      const cooldown = await call(server, owner, 'POST', `/api/v1/projects/${cancelling.project_id}/refresh`);
      expect(cooldown.statusCode).toBe(429);
      expect(cooldown.json().error.code).toBe('refresh_cooldown');

      const cancel = await call(
        server,
        owner,
        'POST',
        `/api/v1/billing/subscriptions/${cancelling.subscription.id}/cancel`,
        { cancelImmediately: false },
      );
      expect(cancel.statusCode).toBe(200);
      await server.database.db
        .update(billingSubscriptions)
        .set({ paymentStatus: 'unpaid' })
        .where(eq(billingSubscriptions.id, unpaid.subscription.id));

      for (const [{ project_id }, reason] of [
        [cancelling, 'the subscription is cancelling'],
        [unpaid, 'an invoice is unpaid'],
      ] as const) {
        const refused = await call(server, owner, 'POST', `/api/v1/projects/${project_id}/refresh`);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toMatchObject({
          code: 'refresh_not_allowed',
          message: `This project cannot be refreshed: ${reason} (Cornerstone).`,
        });
      }
    });
  });
}

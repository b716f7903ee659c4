import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import {
  APS_SIGNATURE_HEADER,
  apsCallbackSchema,
  apsSignatureValid,
  VERSION_ADDED,
} from './aps-hooks-client';
import type { AccConnector } from './connector';
import { AccError } from './errors';
import * as hooksRepo from './hooks-repo';
import { accVersionEventJob } from './jobs';
import * as repo from './repo';
import type { AccHooksRuntime } from './runtime';

export { APS_SIGNATURE_HEADER };

/**
 * New ACC versions without a click (issue 30 item 5, decision 0360): one Autodesk `dm.version.added`
 * hook per folder holding a linked file, created with the app's token and renewed by a scheduled job;
 * Autodesk's signed callback queues the project's import. Projects without hooks are polled (acc.sync).
 */
export function createVersionHooks(deps: {
  db: Database;
  clock: Clock;
  jobs: JobSender;
  connector: AccConnector;
  hooks: AccHooksRuntime;
}) {
  const { db, clock, jobs, connector, hooks } = deps;

  return {
    /**
     * Makes sure each folder of the project's linked files has a live hook: creates the missing ones,
     * renews the others (sets their secret, reactivates them), re-creates one Autodesk lost, and drops
     * hooks of folders no longer linked. Returns the hooks the project has.
     */
    async register(projectId: string): Promise<number> {
      const link = await repo.findLink(db, projectId);
      if (!link || link.reauthRequiredAt) return 0;
      const files = await repo.listAccFiles(db, projectId);
      const folders = new Set<string>();
      for (const file of files) {
        const folder = await connector.withProjectToken(projectId, (token) =>
          hooks.client.itemFolder(token, link.accProjectId, file.accItemId),
        );
        folders.add(folder);
      }
      await hooksRepo.deleteHooksExcept(db, projectId, [...folders]);
      const existing = new Map((await hooksRepo.listHooks(db, projectId)).map((h) => [h.folderId, h]));
      const appToken = await hooks.client.appToken();
      for (const folderId of folders) {
        const known = existing.get(folderId);
        if (known && (await hooks.client.renewHook(appToken, known.hookId, hooks.secretFor(known.hookId))))
          continue;
        // A hook Autodesk already has on this folder for our callback (409) is taken over: another
        // project linked to the same folder shares it, or its row here was lost.
        const { hookId } = await hooks.client.createVersionHook(appToken, {
          folderId,
          callbackUrl: hooks.callbackUrl,
          hubId: link.hubId,
          projectId: link.accProjectId,
          attribute: { plumblineProject: projectId },
        });
        await hooks.client.renewHook(appToken, hookId, hooks.secretFor(hookId));
        await hooksRepo.saveHook(db, { projectId, folderId, hookId, createdAt: clock.now() });
      }
      return folders.size;
    },

    async registerAll(onError: (projectId: string, error: unknown) => void): Promise<void> {
      for (const projectId of await hooksRepo.listLinkedProjects(db)) {
        try {
          await this.register(projectId);
        } catch (error) {
          onError(projectId, error); // one project's trouble does not stop the others
        }
      }
    },

    /**
     * Autodesk's callback: the body's signature (HMAC-SHA1 with the hook's secret) is checked before
     * anything in it is believed; a version added queues the project's import.
     */
    async receive(body: Buffer, signature: string | undefined): Promise<{ queued: boolean }> {
      let parsed: ReturnType<typeof apsCallbackSchema.safeParse>;
      try {
        parsed = apsCallbackSchema.safeParse(JSON.parse(body.toString('utf8')));
      } catch {
        throw new AccError('aps_callback_invalid');
      }
      if (!parsed.success) throw new AccError('aps_callback_invalid');
      const { hookId } = parsed.data.hook;
      // One Autodesk hook serves every project linked to files of its folder.
      const projects = await hooksRepo.projectsOfHook(db, hookId);
      if (projects.length === 0 || !apsSignatureValid(body, signature, hooks.secretFor(hookId)))
        throw new AccError('aps_signature_invalid');
      if (parsed.data.hook.event !== VERSION_ADDED) return { queued: false };
      for (const projectId of projects) await jobs.send(accVersionEventJob, { projectId });
      return { queued: true };
    },
  };
}

export type VersionHooks = ReturnType<typeof createVersionHooks>;

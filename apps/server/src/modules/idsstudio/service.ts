import type {
  IdsIfcVersion,
  StudioLiveCheck,
  StudioLiveCheckBody,
  StudioModelFacts,
  StudioSchema,
  StudioValues,
  StudioValuesQuery,
  StudioVersionQuery,
} from '@plumbline/contracts';
import { STUDIO_MAX_VALUES } from '@plumbline/contracts';
import type { Database } from '../../platform/db';
import { type ResidentWorker, WorkerBusyError } from '../../platform/resident-worker';
import type { FileStorage } from '../../platform/storage/storage';
import { transferable, WorkerTimeLimitError } from '../../platform/worker-task';
import { requireCheckedVersion } from '../bimfiles';
import { requireProjectPermission, requireProjectReader } from '../projects';
import { readAll } from '../storage';
import { IdsStudioError } from './errors';
import type { LiveCheckAnswer, LiveCheckRequest } from './live-models';
import * as repo from './repo';
import { studioSchema } from './schema-choices';

export interface IdsStudioDeps {
  db: Database;
  storage: FileStorage;
  /** The live check's resident thread (live-check-worker.ts). */
  liveCheck: ResidentWorker;
  /** How long one live check (reading the model included) may take. */
  timeLimitMs: number;
  /** A property's values with their counts: the explorer's store (0273). */
  propertyValues: (
    version: { id: string; processedAt: Date | null; projectId: string },
    property: { propertySet: string; name: string },
    limit: number,
  ) => Promise<Array<{ value: string; count: number }>>;
}

export function createIdsStudioService(deps: IdsStudioDeps) {
  const { db, storage } = deps;
  /** One model read at a time per version: a second request waits and finds it read. */
  const reading = new Map<string, Promise<unknown>>();

  const checkedVersion = (projectId: string, query: StudioVersionQuery) =>
    requireCheckedVersion(db, { projectId, fileId: query.file_id, versionId: query.version_id });

  async function ask(request: LiveCheckRequest, transfer: ArrayBuffer[] = []): Promise<LiveCheckAnswer> {
    try {
      return await deps.liveCheck.request<LiveCheckAnswer>(
        { ...request },
        {
          timeLimitMs: deps.timeLimitMs,
          limitMessage: 'The live check took too long on this model and was stopped.',
          transfer,
        },
      );
    } catch (error) {
      if (error instanceof WorkerBusyError || error instanceof WorkerTimeLimitError)
        throw new IdsStudioError('live_check_unavailable', {
          messageId:
            error instanceof WorkerBusyError
              ? 'error.live_check_unavailable'
              : 'error.live_check_unavailable.slow',
        });
      throw error;
    }
  }

  /** Asks the thread; when it has no model of the version, reads the stored IFC and sends it. */
  async function liveAnswer(versionId: string, ids: string): Promise<LiveCheckAnswer> {
    const answer = await ask({ versionId, ids });
    if (answer.kind !== 'need-model') return answer;
    const before = reading.get(versionId);
    if (before) {
      await before.catch(() => {});
      return liveAnswer(versionId, ids);
    }
    const load = (async () => {
      const file = await repo.versionFile(db, versionId);
      if (!file) throw new IdsStudioError('version_not_found');
      const bytes = transferable(await readAll(await storage.getStream(file.storageKey), file.sizeBytes));
      return ask({ versionId, ids, bytes, fileName: file.fileName }, [bytes.buffer as ArrayBuffer]);
    })();
    reading.set(versionId, load);
    try {
      return await load;
    } finally {
      reading.delete(versionId);
    }
  }

  return {
    schema(version: IdsIfcVersion): StudioSchema {
      return studioSchema(version);
    },

    async modelFacts(
      userId: string | null,
      projectId: string,
      query: StudioVersionQuery,
    ): Promise<StudioModelFacts> {
      await requireProjectReader({ db, userId }, projectId);
      const { version } = await checkedVersion(projectId, query);
      const [file, classes, stats] = await Promise.all([
        repo.versionFile(db, version.id),
        repo.classCounts(db, version.id),
        repo.propertyStats(db, version.id),
      ]);
      const byClass = new Map<string, StudioModelFacts['classes'][number]>();
      for (const row of classes) {
        const entry = byClass.get(row.ifcClass) ?? {
          ifc_class: row.ifcClass,
          count: 0,
          predefined_types: [],
        };
        entry.count += row.count;
        if (row.predefinedType) entry.predefined_types.push({ value: row.predefinedType, count: row.count });
        byClass.set(row.ifcClass, entry);
      }
      const bySet = new Map<string, StudioModelFacts['property_sets'][number]>();
      for (const stat of stats) {
        const set = bySet.get(stat.propertySet) ?? {
          name: stat.propertySet,
          element_count: 0,
          properties: [],
        };
        set.element_count = Math.max(set.element_count, stat.elementCount);
        set.properties.push({
          name: stat.name,
          element_count: stat.elementCount,
          data_type: stat.dataType,
          distinct_values: stat.distinctValues,
        });
        bySet.set(stat.propertySet, set);
      }
      const mostFirst = <T extends { count?: number; element_count?: number }>(a: T, b: T) =>
        (b.count ?? b.element_count ?? 0) - (a.count ?? a.element_count ?? 0);
      return {
        version_id: version.id,
        ifc_schema: file?.ifcSchema ?? null,
        classes: [...byClass.values()]
          .map((c) => ({ ...c, predefined_types: c.predefined_types.sort((a, b) => b.count - a.count) }))
          .sort(mostFirst),
        property_sets: [...bySet.values()].sort(mostFirst),
      };
    },

    async values(userId: string | null, projectId: string, query: StudioValuesQuery): Promise<StudioValues> {
      await requireProjectReader({ db, userId }, projectId);
      const { version } = await checkedVersion(projectId, query);
      const rows = await deps.propertyValues(
        { id: version.id, processedAt: version.processedAt, projectId },
        { propertySet: query.property_set, name: query.name },
        STUDIO_MAX_VALUES + 1,
      );
      return { values: rows.slice(0, STUDIO_MAX_VALUES), truncated: rows.length > STUDIO_MAX_VALUES };
    },

    /**
     * Counts each specification of the IDS being edited on the version: on the live check's thread,
     * against the model it keeps read (read from storage the first time).
     */
    async liveCheck(userId: string, projectId: string, body: StudioLiveCheckBody): Promise<StudioLiveCheck> {
      await requireProjectPermission({ db, userId }, projectId, 'files.upload');
      const { version } = await checkedVersion(projectId, body);
      const answer = await liveAnswer(version.id, body.ids);
      if (answer.kind !== 'checked')
        throw new IdsStudioError(
          'live_check_unavailable',
          answer.kind === 'unreadable'
            ? { messageId: 'error.live_check_unavailable.unreadable', params: { detail: answer.message } }
            : { messageId: 'error.live_check_unavailable.no_model' },
        );
      const { result, modelRead } = answer;
      return {
        readable: result.readable,
        specifications: result.specifications.map((s) => ({
          index: s.index,
          name: s.name,
          identifier: s.identifier,
          applicable: s.counts?.applicable ?? null,
          passed: s.counts?.passed ?? null,
          failed: s.counts?.failed ?? null,
          status: s.status,
        })),
        duration_ms: Math.round(result.durationMs * 10) / 10,
        model_read: modelRead,
      };
    },
  };
}

export type IdsStudioService = ReturnType<typeof createIdsStudioService>;

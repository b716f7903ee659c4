import type { BimFile } from '@plumbline/contracts';
import type { Query, QueryClient } from '@tanstack/react-query';
import type { DataSourceMode } from './data-source';
import { filesPollInterval } from './file-polling';
import { projectOfKey, queryKeys } from './query-keys';

/**
 * Views that never go stale (issue 37, decision 0215). Two reads say how far a project's models are:
 * its BIM files and its Overview (each file's status and `rechecking`), and the views that show a
 * project poll one of them while anything is unsettled. When a project goes from busy to settled (a
 * re-check or a new version finished), or its settled files change (a version that came and went
 * between two reads), everything under the project's root is invalidated: every open view asks
 * again, every other view asks when it is next shown. Other tabs of the same browser hear of it on a
 * BroadcastChannel, as they do of every change made here (`projectChanged`), so a view open in one
 * tab follows an upload made in another.
 */

type Mode = DataSourceMode;

/** What a files-bearing read says of a project: busy (polling) or settled, and the files it holds. */
interface Progress {
  busy: boolean;
  /** The settled files and their versions; a change means a version came or went. */
  files: string;
}

type FileState = Pick<BimFile, 'id' | 'status' | 'rechecking' | 'version_count'> &
  Partial<Pick<BimFile, 'included'>>;

function progressOf(files: readonly FileState[]): Progress {
  const shown = files.filter((file) => file.included !== false);
  return {
    busy: filesPollInterval(shown) !== false,
    files: shown
      .map((file) => `${file.id}:${file.version_count}:${file.status}`)
      .sort()
      .join(','),
  };
}

/** The progress a successful read reports, for the two reads that carry the files' states. */
function progressOfQuery(query: Query): Progress | null {
  const owner = projectOfKey(query.queryKey);
  if (!owner) return null;
  const data = query.state.data;
  const files = JSON.stringify(queryKeys.files(owner.mode, owner.projectId));
  const overview = JSON.stringify(queryKeys.overview(owner.mode, owner.projectId));
  const key = JSON.stringify(query.queryKey);
  if (key === files && Array.isArray(data)) return progressOf(data as FileState[]);
  if (key === overview && data && typeof data === 'object' && 'files' in data)
    return progressOf((data as { files: FileState[] }).files);
  return null;
}

interface Message {
  mode: Mode;
  projectId: string;
  /** 'settled': work finished (the receiver's own episode ends too); 'changed': data was written. */
  kind: 'settled' | 'changed';
}

const CHANNEL_NAME = 'plumbline:projects';
/** Open while the app watches (watchProjectSettles): tests and servers never open one. */
let channel: BroadcastChannel | null = null;

/** Refreshes everything of one project (and the lists its row is in), here only. */
function invalidateProject(queryClient: QueryClient, mode: Mode, projectId: string, except?: Query): void {
  void queryClient.invalidateQueries({
    queryKey: queryKeys.project(mode, projectId),
    ...(except ? { predicate: (query) => query !== except } : {}),
  });
  void queryClient.invalidateQueries({ queryKey: queryKeys.projects(mode) });
}

/**
 * After a write to a project (an upload, a switch, a delete, an added attribute, a refresh): every
 * view of it asks again, here and in the browser's other tabs. A write that queues work shows as
 * busy in the reads that follow, which then poll until it settles.
 */
export function projectChanged(queryClient: QueryClient, mode: Mode, projectId: string): void {
  invalidateProject(queryClient, mode, projectId);
  channel?.postMessage({ mode, projectId, kind: 'changed' } satisfies Message);
}

/**
 * Watches the cache for projects that settle, and listens to the other tabs. Returns the stop
 * function (the app's providers call it on unmount).
 */
export function watchProjectSettles(queryClient: QueryClient): () => void {
  // Per project: whether some read last saw it busy, and the settled files last seen.
  const seen = new Map<string, { busy: boolean; files: string | null }>();
  const entry = (mode: Mode, projectId: string) => {
    const id = `${mode}:${projectId}`;
    const known = seen.get(id);
    if (known) return known;
    const state = { busy: false, files: null as string | null };
    seen.set(id, state);
    return state;
  };

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const progress = progressOfQuery(event.query);
    const owner = projectOfKey(event.query.queryKey);
    if (!progress || !owner) return;
    const state = entry(owner.mode, owner.projectId);
    if (progress.busy) {
      state.busy = true;
      return;
    }
    const settled = state.busy || (state.files !== null && state.files !== progress.files);
    state.busy = false;
    state.files = progress.files;
    if (!settled) return;
    // The read that told us is current; everything else of the project is asked again.
    invalidateProject(queryClient, owner.mode, owner.projectId, event.query);
    channel?.postMessage({ ...owner, kind: 'settled' } satisfies Message);
  });

  const opened = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  channel = opened;
  if (opened) {
    opened.onmessage = ({ data }: MessageEvent<Message>) => {
      if (!data || (data.mode !== 'live' && data.mode !== 'demo') || typeof data.projectId !== 'string')
        return;
      // Another tab saw it settle: this tab's own wait ends with the reads this starts.
      if (data.kind === 'settled') entry(data.mode, data.projectId).busy = false;
      invalidateProject(queryClient, data.mode, data.projectId);
    };
  }
  return () => {
    unsubscribe();
    opened?.close();
    if (channel === opened) channel = null;
  };
}

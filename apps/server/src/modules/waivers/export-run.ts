// Runs the Waivers export (export.ts) off the event loop: the bound is checked before any work, then
// a worker thread writes the workbook from pages this thread reads, one page held at a time.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  WAIVER_EXPIRING_DAYS,
  WAIVER_EXPORT_MAX,
  type Waiver,
  type WaiverListQuery,
  type WaiverScope,
  type WaiverState,
  waiverScopeSchema,
  waiverStateSchema,
} from '@plumbline/contracts';
import type { Locale } from '@plumbline/i18n';
import type { Database } from '../../platform/db';
import { render } from '../../platform/i18n';
import { runWorkerTask } from '../../platform/worker-task';
import { WaiverError } from './errors';
import { COLUMNS, type ColumnKey, type WaiverSheetWords } from './export';
import * as repo from './repo';

const PAGE = 500;

export function waiverSheetWords(locale: Locale): WaiverSheetWords {
  return {
    sheet: render(locale, 'waivers.xlsx.sheet'),
    headers: Object.fromEntries(
      COLUMNS.map(([key]) => [key, render(locale, `waivers.xlsx.${key}`)]),
    ) as Record<ColumnKey, string>,
    states: Object.fromEntries(
      waiverStateSchema.options.map((state) => [state, render(locale, 'waivers.state', { state })]),
    ) as Record<WaiverState, string>,
    scopes: Object.fromEntries(
      waiverScopeSchema.options.map((scope) => [scope, render(locale, 'waivers.scope', { scope })]),
    ) as Record<WaiverScope, string>,
  };
}

const TIME_LIMIT_MS = 5 * 60_000;

export async function exportWaiversXlsx(
  db: Database,
  projectId: string,
  query: WaiverListQuery,
  now: Date,
  locale: Locale,
  toDto: (listed: repo.ListedWaiver) => Waiver,
): Promise<Buffer> {
  const count = await repo.countWaivers(db, projectId, query, now, WAIVER_EXPIRING_DAYS);
  if (count > WAIVER_EXPORT_MAX)
    throw new WaiverError('waiver_export_too_large', { params: { count, max: WAIVER_EXPORT_MAX } });
  async function* pages(): AsyncGenerator<Waiver[]> {
    // Never past the count checked: waivers requested meanwhile wait for the next export.
    for (let offset = 0; offset < count; offset += PAGE) {
      const page = await repo.listWaivers(db, projectId, query, now, WAIVER_EXPIRING_DAYS, {
        limit: Math.min(PAGE, count - offset),
        offset,
      });
      if (page.length === 0) return;
      yield page.map(toDto);
    }
  }
  const dir = await mkdtemp(join(tmpdir(), 'plumbline-waivers-'));
  try {
    const path = join(dir, 'waivers.xlsx');
    await runWorkerTask(
      'write-waivers-xlsx',
      { words: waiverSheetWords(locale), path },
      {
        timeLimitMs: TIME_LIMIT_MS,
        limitMessage: 'Writing the waivers workbook took longer than 5 minutes.',
        feed: pages(),
      },
    );
    // At most WAIVER_EXPORT_MAX rows: a few megabytes, read whole so the directory can go.
    return await readFile(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import type pg from 'pg';
import type { LoggedJob } from './scale-cluster';

/** What the database holds for one submitted version after the corpus. */
export interface VersionState {
  versionId: string;
  status: string;
  elements: number;
  /** Rows of `elements` beyond one per (version, step id). */
  duplicateElements: number;
  specificationResults: number;
  elementResults: number;
  /** Rows of `element_results` beyond one per (version, specification, element). */
  duplicateElementResults: number;
  /** Rows of `version_result_totals` (one results summary per version). */
  totalsRows: number;
}

/** A version's row counts as a run without kills stored them. */
export interface ExpectedRows {
  elements: number;
  elementResults: number;
}

/** A `bimfile.process` job row of pg-boss. */
export interface ProcessingJob {
  id: string;
  fileVersionId: string;
  mode: string;
  state: string;
  retryCount: number;
}

/** The logs of one worker process (an incarnation): killed or not, and its job lines. */
export interface IncarnationLog {
  killed: boolean;
  lines: LoggedJob[];
}

export interface ExactlyOnceVerdict {
  /** Versions not completed, or without their rows: each with why. */
  lost: string[];
  /** Versions or jobs done more than once in a way that shows (rows, results sets, completions). */
  duplicated: string[];
  /** Processing jobs that were retried (a kill, then the heartbeat) and how many runs a kill cut short. */
  retriedJobs: number;
  killedRuns: number;
  /** Versions whose rows were written twice because a kill landed between the write and the job's completion (the retry replaced them). */
  rewrittenAfterKill: number;
}

/**
 * Judges a corpus run: every submitted version completed exactly once. Lost: a version not
 * `completed`, its processing job not `completed` (retries used up, or still queued), or rows
 * missing against `expected`. Duplicated: more than one processing job per version, rows repeated
 * under a key, more than one results summary, a job that a worker reported completed twice, or a
 * version written by two runs neither of which was killed.
 */
export function judgeExactlyOnce(input: {
  submitted: string[];
  versions: VersionState[];
  jobs: ProcessingJob[];
  logs: IncarnationLog[];
  /** Specifications of the project's IDS (from the IDS file, not the database). */
  specifications: number;
  /** Row counts per version from another run of the same model without kills, where known. */
  expected?: ReadonlyMap<string, ExpectedRows>;
}): ExactlyOnceVerdict {
  const lost: string[] = [];
  const duplicated: string[] = [];
  const byId = new Map(input.versions.map((version) => [version.versionId, version]));
  const jobsOf = new Map<string, ProcessingJob[]>();
  for (const job of input.jobs)
    jobsOf.set(job.fileVersionId, [...(jobsOf.get(job.fileVersionId) ?? []), job]);
  for (const versionId of input.submitted) {
    const version = byId.get(versionId);
    if (!version) {
      lost.push(`${versionId}: no version row`);
      continue;
    }
    if (version.status !== 'completed') lost.push(`${versionId}: status ${version.status}`);
    const jobs = jobsOf.get(versionId) ?? [];
    if (jobs.length === 0) lost.push(`${versionId}: no processing job`);
    if (jobs.length > 1) duplicated.push(`${versionId}: ${jobs.length} processing jobs`);
    for (const job of jobs) {
      if (job.state !== 'completed')
        lost.push(`${versionId}: job ${job.id} ${job.state} after ${job.retryCount} retries`);
    }
    if (version.status === 'completed') {
      const expected = input.expected?.get(versionId);
      if (expected && version.elements !== expected.elements)
        lost.push(`${versionId}: ${version.elements} elements, expected ${expected.elements}`);
      if (expected && version.elementResults !== expected.elementResults)
        lost.push(
          `${versionId}: ${version.elementResults} element results, expected ${expected.elementResults}`,
        );
      if (version.elements === 0) lost.push(`${versionId}: no elements`);
      if (version.specificationResults !== input.specifications)
        (version.specificationResults > input.specifications ? duplicated : lost).push(
          `${versionId}: ${version.specificationResults} specification results, expected ${input.specifications}`,
        );
      if (version.elementResults === 0) lost.push(`${versionId}: no element results`);
      if (version.totalsRows !== 1)
        (version.totalsRows > 1 ? duplicated : lost).push(
          `${versionId}: ${version.totalsRows} result summaries`,
        );
    }
    if (version.duplicateElements > 0)
      duplicated.push(`${versionId}: ${version.duplicateElements} repeated elements`);
    if (version.duplicateElementResults > 0)
      duplicated.push(`${versionId}: ${version.duplicateElementResults} repeated element results`);
  }
  for (const jobId of new Set(input.jobs.map((job) => job.id))) {
    // A run killed between its handler's end and pg-boss marking the job completed is run again:
    // only completions in runs that were not killed count.
    const completions = input.logs
      .filter((log) => !log.killed)
      .flatMap((log) => log.lines.filter((line) => line.msg === 'job completed' && line.jobId === jobId));
    if (completions.length > 1) duplicated.push(`job ${jobId}: completed by ${completions.length} runs`);
  }
  // A version written by a run that was not killed and by another: two live workers held its job at
  // once (a heartbeat that failed a live job). A write in a killed run, redone by the retry, is
  // expected (the retry deletes and rewrites in one transaction).
  let rewrittenAfterKill = 0;
  for (const versionId of input.submitted) {
    const writers = input.logs.filter((log) =>
      log.lines.some((line) => line.msg === 'file version processed' && line.fileVersionId === versionId),
    );
    const live = writers.filter((log) => !log.killed).length;
    if (live > 1) duplicated.push(`${versionId}: written by ${live} runs that were not killed`);
    else if (writers.length > 1) rewrittenAfterKill++;
  }
  const killedRuns = input.logs
    .filter((log) => log.killed)
    .reduce((sum, log) => {
      const open = new Set<string>();
      for (const line of log.lines) {
        if (line.job !== 'bimfile.process') continue;
        if (line.msg === 'job started') open.add(line.jobId);
        else if (line.msg === 'job completed' || line.msg === 'job failed') open.delete(line.jobId);
      }
      return sum + open.size;
    }, 0);
  return {
    lost,
    duplicated,
    retriedJobs: input.jobs.filter((job) => job.retryCount > 0).length,
    killedRuns,
    rewrittenAfterKill,
  };
}

/** Reads what {@link judgeExactlyOnce} needs from the database. */
export async function readCorpusState(
  db: pg.Client,
  versionIds: string[],
): Promise<{ versions: VersionState[]; jobs: ProcessingJob[] }> {
  const versions: VersionState[] = [];
  for (const versionId of versionIds) {
    const one = async (query: string) =>
      Number((await db.query<{ n: string }>(query, [versionId])).rows[0]?.n ?? 0);
    const status = (
      await db.query<{ status: string }>('select status from file_versions where id = $1', [versionId])
    ).rows[0]?.status;
    if (status === undefined) continue;
    versions.push({
      versionId,
      status,
      elements: await one('select count(*) as n from elements where file_version_id = $1'),
      duplicateElements: await one(
        'select count(*) - count(distinct step_id) as n from elements where file_version_id = $1',
      ),
      specificationResults: await one(
        'select count(*) as n from specification_results where file_version_id = $1',
      ),
      elementResults: await one('select count(*) as n from element_results where file_version_id = $1'),
      duplicateElementResults: await one(
        `select count(*) - count(distinct (specification_id, element_step_id)) as n
           from element_results where file_version_id = $1`,
      ),
      totalsRows: await one('select count(*) as n from version_result_totals where file_version_id = $1'),
    });
  }
  const jobs = (
    await db.query<ProcessingJob>(
      `select id, data->>'fileVersionId' as "fileVersionId", data->>'mode' as mode, state,
              retry_count as "retryCount"
         from pgboss.job where name = 'bimfile.process'`,
    )
  ).rows;
  return { versions, jobs };
}

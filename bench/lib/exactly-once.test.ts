import { describe, expect, it } from 'vitest';
import { type IncarnationLog, judgeExactlyOnce, type ProcessingJob, type VersionState } from './exactly-once';

// The kill storm's verdict (bench:scale --kill-storm) on hand-written database states and worker
// logs: each case is one way a version can be lost or done twice.
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

function version(versionId: string, change: Partial<VersionState> = {}): VersionState {
  return {
    versionId,
    status: 'completed',
    elements: 100,
    duplicateElements: 0,
    specificationResults: 27,
    elementResults: 400,
    duplicateElementResults: 0,
    totalsRows: 1,
    ...change,
  };
}

function job(fileVersionId: string, change: Partial<ProcessingJob> = {}): ProcessingJob {
  return {
    id: `job-${fileVersionId.slice(-1)}`,
    fileVersionId,
    mode: 'full',
    state: 'completed',
    retryCount: 0,
    ...change,
  };
}

function run(killed: boolean, ...entries: Array<[string, string, string?]>): IncarnationLog {
  return {
    killed,
    lines: entries.map(([msg, jobId, fileVersionId]) => ({
      msg,
      jobId,
      job: 'bimfile.process',
      ...(fileVersionId ? { fileVersionId } : {}),
    })),
  };
}

const cleanLogs = [
  run(false, ['job started', 'job-a'], ['file version processed', '', A], ['job completed', 'job-a']),
  run(false, ['job started', 'job-b'], ['file version processed', '', B], ['job completed', 'job-b']),
];
const expected = new Map([
  [A, { elements: 100, elementResults: 400 }],
  [B, { elements: 100, elementResults: 400 }],
]);

function judge(change: { versions?: VersionState[]; jobs?: ProcessingJob[]; logs?: IncarnationLog[] }) {
  return judgeExactlyOnce({
    submitted: [A, B],
    versions: change.versions ?? [version(A), version(B)],
    jobs: change.jobs ?? [job(A), job(B)],
    logs: change.logs ?? cleanLogs,
    specifications: 27,
    expected,
  });
}

describe('judgeExactlyOnce', () => {
  it('finds nothing in a clean run', () => {
    expect(judge({})).toEqual({
      lost: [],
      duplicated: [],
      retriedJobs: 0,
      killedRuns: 0,
      rewrittenAfterKill: 0,
    });
  });

  it('accepts a job killed after its write and run again: rows replaced, one completion', () => {
    const verdict = judge({
      jobs: [job(A, { retryCount: 1 }), job(B)],
      logs: [
        run(true, ['job started', 'job-a'], ['file version processed', '', A]),
        run(false, ['job started', 'job-a'], ['file version processed', '', A], ['job completed', 'job-a']),
        cleanLogs[1] as IncarnationLog,
      ],
    });
    expect(verdict).toEqual({
      lost: [],
      duplicated: [],
      retriedJobs: 1,
      killedRuns: 1,
      rewrittenAfterKill: 1,
    });
  });

  it('counts a version left processing, or a job out of retries, as lost', () => {
    const verdict = judge({
      versions: [version(A, { status: 'processing', elements: 0, elementResults: 0 }), version(B)],
      jobs: [job(A, { state: 'failed', retryCount: 3 }), job(B)],
    });
    expect(verdict.lost).toEqual([`${A}: status processing`, `${A}: job job-a failed after 3 retries`]);
    expect(verdict.duplicated).toEqual([]);
  });

  it('counts a version missing from the database, or without a job, as lost', () => {
    expect(judge({ versions: [version(B)] }).lost).toEqual([`${A}: no version row`]);
    expect(judge({ jobs: [job(B)] }).lost).toEqual([`${A}: no processing job`]);
  });

  it('counts rows short of a run without kills as lost', () => {
    const verdict = judge({ versions: [version(A, { elements: 99, elementResults: 380 }), version(B)] });
    expect(verdict.lost).toEqual([
      `${A}: 99 elements, expected 100`,
      `${A}: 380 element results, expected 400`,
    ]);
  });

  it('counts two jobs, repeated rows or two results summaries for a version as duplicated', () => {
    const verdict = judge({
      versions: [
        version(A, {
          duplicateElements: 3,
          duplicateElementResults: 5,
          totalsRows: 2,
          specificationResults: 54,
        }),
        version(B),
      ],
      jobs: [job(A), job(A, { id: 'job-a2' }), job(B)],
    });
    expect(verdict.duplicated).toEqual([
      `${A}: 2 processing jobs`,
      `${A}: 54 specification results, expected 27`,
      `${A}: 2 result summaries`,
      `${A}: 3 repeated elements`,
      `${A}: 5 repeated element results`,
    ]);
  });

  it('counts a job completed by two live workers as duplicated', () => {
    const verdict = judge({
      logs: [
        ...cleanLogs,
        run(false, ['job started', 'job-a'], ['file version processed', '', A], ['job completed', 'job-a']),
      ],
    });
    expect(verdict.duplicated).toEqual([
      'job job-a: completed by 2 runs',
      `${A}: written by 2 runs that were not killed`,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../results';
import { reportIdentity } from './bcf-identity';
import { type BcfGrouping, planBcfTopics, shareOut } from './bcf-topics';
import { failingReport, manyFailuresReport } from './fixtures';

/** Three failing specifications: 100, 5 and 3 failing elements. */
function threeSpecifications(): CheckReport {
  const specification = (count: number, name: string, identifier: string) => ({
    ...manyFailuresReport(count).specifications[0]!,
    name,
    identifier,
  });
  return {
    ...manyFailuresReport(1),
    specifications: [
      specification(100, 'Big', 'S-1'),
      specification(5, 'Middle', 'S-2'),
      specification(3, 'Small', 'S-3'),
    ],
  };
}

function plan(report: CheckReport, grouping: BcfGrouping, maxTopics: number) {
  return planBcfTopics(report, {
    grouping,
    maxTopics,
    identity: reportIdentity(report),
    fullExportHint: 'use the JSON report.',
  });
}

describe('BCF topics', () => {
  it('shares a capped budget out: one per specification first, then in turns', () => {
    expect(shareOut([100, 5, 3], 3)).toEqual([1, 1, 1]);
    expect(shareOut([100, 5, 3], 12)).toEqual([5, 4, 3]);
    expect(shareOut([100, 5, 3], 20)).toEqual([12, 5, 3]);
    expect(shareOut([0, 2], 5)).toEqual([0, 2]);
  });

  it('keeps a topic for every failing specification under a low cap, plus the summary topic', () => {
    const result = plan(threeSpecifications(), 'element', 4);
    expect(result.topics).toHaveLength(4);
    expect(result.topics.filter((t) => t.kind === 'failure').map((t) => t.labels[0])).toEqual([
      'Big',
      'Middle',
      'Small',
    ]);
    const summary = result.topics.at(-1)!;
    expect(summary.kind).toBe('summary');
    expect(result.omittedElements).toBe(105);
    expect(summary.title).toBe('105 failing elements not in this BCF (105 topics left out)');
    expect(summary.description).toContain('- Big: 99 elements in 99 topics');
    expect(summary.description).toContain('To get them all: use the JSON report.');
  });

  it('writes no summary topic when every finding fits', () => {
    const result = plan(threeSpecifications(), 'type', 10);
    expect(result.topics.every((t) => t.kind === 'failure')).toBe(true);
    expect(result.omittedFindings).toBe(0);
  });

  it('derives GUIDs from model and IDS: stable on a rerun, different for another model or IDS', () => {
    const report = threeSpecifications();
    const guids = (r: CheckReport) => plan(r, 'type', 100).topics.map((t) => t.guid);
    const withModel = (sha: string) => ({ ...report, model: { ...report.model, sha256: sha } });
    const withIds = (sha: string) => ({ ...withModel('1'.repeat(64)), ids: { ...report.ids, sha256: sha } });
    expect(guids(withModel('1'.repeat(64)))).toEqual(guids(withModel('1'.repeat(64))));
    const all = [
      ...guids(withModel('1'.repeat(64))),
      ...guids(withModel('2'.repeat(64))),
      ...guids(withIds('3'.repeat(64))),
    ];
    expect(new Set(all).size).toBe(all.length);
  });

  it('gives a specification-level failure a different GUID in every model', () => {
    const specificationTopic = (sha: string) =>
      plan({ ...failingReport, model: { ...failingReport.model, sha256: sha } }, 'type', 100).topics.find(
        (t) => t.ifcGuids.length === 0,
      )!.guid;
    expect(specificationTopic('1'.repeat(64))).not.toBe(specificationTopic('2'.repeat(64)));
  });
});

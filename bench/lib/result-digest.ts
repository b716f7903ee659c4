/**
 * A compact, canonical digest of a check's results per specification: counts, status, reason and
 * SHA-256 digests of the failing elements (id, facet, outcome, reason, actual value) and of the
 * passing element ids. Two checks with equal digests reported the same failures for the same reasons.
 */
import { createHash } from 'node:crypto';
import type { SpecificationResult } from '@plumbline/ids';
import { elementReasons, idsWords, specificationReasonText } from '@plumbline/ids/report/index';

export interface DigestableFailure {
  readonly facetIndex: number;
  readonly type: string;
  readonly reason: string;
  readonly actualValue?: string | null;
}

export interface DigestableSpecification {
  readonly identifier: string | null;
  readonly status: string;
  readonly reason: string | null;
  readonly applicableCount: number;
  readonly passedCount: number;
  readonly failedCount: number;
  /** Failing elements in id order, each with its failures. */
  readonly failing: Iterable<{ readonly id: number; readonly failures: readonly DigestableFailure[] }>;
  /** Passing element ids in ascending order. */
  readonly passingIds: Iterable<number>;
}

export interface SpecificationDigest {
  readonly identifier: string | null;
  readonly status: string;
  readonly reason: string | null;
  readonly applicable: number;
  readonly passed: number;
  readonly failed: number;
  readonly failing: string;
  readonly passing: string;
  /** The first failing element as text, to read when a digest differs. */
  readonly firstFailure: string | null;
}

export function digestSpecification(s: DigestableSpecification): SpecificationDigest {
  const failing = createHash('sha256');
  let firstFailure: string | null = null;
  for (const element of s.failing) {
    const line = `${element.id}\t${element.failures
      .map((f) => `${f.facetIndex}|${f.type}|${f.reason}|${f.actualValue ?? ''}`)
      .join('\t')}\n`;
    firstFailure ??= line.trimEnd();
    failing.update(line);
  }
  const passing = createHash('sha256');
  for (const id of s.passingIds) passing.update(`${id}\n`);
  return {
    identifier: s.identifier,
    status: s.status,
    reason: s.reason,
    applicable: s.applicableCount,
    passed: s.passedCount,
    failed: s.failedCount,
    failing: failing.digest('hex').slice(0, 32),
    passing: passing.digest('hex').slice(0, 32),
    firstFailure,
  };
}

/**
 * A specification's results with their reasons in English words, as the engine wrote them before
 * findings were data (issue 31): the reference digests were taken then, so equal digests also say the
 * English catalogue renders the same sentences.
 */
export function digestResult(s: SpecificationResult): SpecificationDigest {
  const en = idsWords('en');
  const failing = s.failingElements.map((element) => {
    const reasons = elementReasons(en, s, element);
    return {
      id: element.id,
      failures: element.failures.map((f, i) => ({ ...f, reason: reasons[i] ?? '' })),
    };
  });
  return digestSpecification({ ...s, reason: specificationReasonText(en, s), failing });
}

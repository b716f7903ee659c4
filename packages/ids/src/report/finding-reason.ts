/**
 * A finding's reason as a message id with parameters, rendered from the structured failure (the
 * requirement facet, the outcome, the value found), never from a stored sentence. The command line's
 * reports render it with the English catalogue here; the server sends the structured fields and the
 * web renders them in the reader's language.
 */
import type { FindingFailure } from '../identity/findings';
import type { FacetSummary } from '../results';
import { facetText, idsWords } from './words';

export type FindingMessageId =
  | 'finding.specification'
  | 'finding.absent'
  | 'finding.empty'
  | 'finding.mismatch'
  | 'finding.mismatchValue'
  | 'finding.prohibited';

export interface FindingMessage {
  readonly id: FindingMessageId;
  readonly params: { readonly requirement: string; readonly value: string };
}

const ENGLISH: Record<FindingMessageId, string> = {
  'finding.specification': 'the specification prohibits this element',
  'finding.absent': '{requirement}: missing',
  'finding.empty': '{requirement}: no value',
  'finding.mismatch': '{requirement}: not met',
  'finding.mismatchValue': '{requirement}: found {value}',
  'finding.prohibited': '{requirement}: present, which is prohibited',
};

/** The message for a failure of the requirement `facet` describes (null: the specification itself). */
export function findingMessage(
  facet: FacetSummary | null | undefined,
  failure: FindingFailure,
): FindingMessage {
  const requirement = facet
    ? facetText(idsWords('en'), facet.facet)
    : failure.facetType
      ? `${failure.facetType} requirement`
      : '';
  const value = failure.actualValue === null ? '' : JSON.stringify(failure.actualValue);
  if (failure.facetIndex === null) return { id: 'finding.specification', params: { requirement, value } };
  switch (failure.outcome) {
    case 'absent':
      return { id: 'finding.absent', params: { requirement, value } };
    case 'empty':
      return { id: 'finding.empty', params: { requirement, value } };
    case 'prohibited':
      return { id: 'finding.prohibited', params: { requirement, value } };
    default:
      return {
        id: value === '' ? 'finding.mismatch' : 'finding.mismatchValue',
        params: { requirement, value },
      };
  }
}

/** The message in English (the command line's language). */
export function renderFindingMessage(message: FindingMessage): string {
  return ENGLISH[message.id].replace(
    /\{(requirement|value)\}/g,
    (_, name: 'requirement' | 'value') => message.params[name],
  );
}

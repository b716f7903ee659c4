/**
 * The words of a version-comparison notice (issue 30 item 6): message ids with parameters. The
 * server renders them from its catalogue (apps/server/src/messages, `changes.*`) in the reader's
 * language (issue 31); the webhook's `message` carries the id and parameters beside the English text.
 * Nothing stores or parses the sentence.
 */

export type ChangeMessageId =
  | 'changes.summary'
  | 'changes.mail.subject'
  | 'changes.mail.body'
  | 'changes.open'
  | 'changes.details'
  | 'changes.fact.new'
  | 'changes.fact.resolved'
  | 'changes.fact.removed'
  | 'changes.fact.persisting'
  | 'changes.fact.waived';

export interface ChangeMessageParams {
  project: string;
  file: string;
  version: string;
  previous: string;
  new: number;
  resolved: number;
  removed: number;
  persisting: number;
  link: string;
}

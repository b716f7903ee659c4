/**
 * The words of a version-comparison notice (issue 30 item 6): message ids with parameters, rendered
 * from this catalogue in the reader's language (English is the only one so far). Mail, the webhook's
 * `message` and Slack's text all come from here; nothing stores or parses the sentence.
 */

export type ChangeMessageId =
  | 'changes.summary'
  | 'changes.mail.subject'
  | 'changes.mail.body'
  | 'changes.open';

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

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const en: Record<ChangeMessageId, (p: ChangeMessageParams) => string> = {
  'changes.summary': (p) =>
    `${p.project} ${p.file} ${p.version}: ${plural(p.new, 'new failure', 'new failures')}, ${p.resolved.toLocaleString('en-US')} resolved`,
  'changes.mail.subject': (p) => en['changes.summary'](p),
  'changes.mail.body': (p) =>
    [
      `${p.file} ${p.version} in ${p.project} was checked and compared with ${p.previous}:`,
      '',
      `- ${plural(p.new, 'new failure', 'new failures')}`,
      `- ${p.resolved.toLocaleString('en-US')} resolved`,
      `- ${plural(p.removed, 'failure', 'failures')} gone with removed elements`,
      `- ${plural(p.persisting, 'failure persists', 'failures persist')}`,
      '',
      `See what changed: ${p.link}`,
      '',
      'You get this mail because of your notification setting for this project; change it in the Team tab.',
    ].join('\n'),
  'changes.open': () => 'Open the changes',
};

const catalogues = { en } as const;
export type MessageLanguage = keyof typeof catalogues;

export function renderChangeMessage(
  id: ChangeMessageId,
  params: ChangeMessageParams,
  language: MessageLanguage = 'en',
): string {
  return catalogues[language][id](params);
}

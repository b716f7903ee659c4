import type { ChangeMessageParams, VersionComparedEvent, WebhookFormat } from '@plumbline/contracts';
import { renderChangeMessage } from '../notifications';

/** What a version-comparison notice says: the stored comparison with the names it needs. */
export interface ComparisonNotice {
  eventId: string;
  occurredAt: Date;
  cause: VersionComparedEvent['cause'];
  project: { id: string; name: string };
  file: { id: string; name: string };
  version: { id: string; tag: string };
  previousVersion: { id: string; tag: string };
  counts: VersionComparedEvent['counts'];
  elements: VersionComparedEvent['elements'];
}

/**
 * The web address of a file's Changes view. The view itself is issue 30 item 3; until it exists the
 * web app sends this path to the file's Overview (apps/web router).
 */
export function changesLink(
  appUrl: string,
  n: Pick<ComparisonNotice, 'project' | 'file' | 'version' | 'previousVersion'>,
): string {
  const query = new URLSearchParams({ from: n.previousVersion.id, to: n.version.id });
  return `${appUrl}/projects/${n.project.id}/files/${n.file.id}/changes?${query}`;
}

export function projectLink(appUrl: string, projectId: string): string {
  return `${appUrl}/dashboard?${new URLSearchParams({ tab: 'overview', project: projectId })}`;
}

/** "ARC" from "ARC.ifc": the file as people call it. */
function displayName(fileName: string): string {
  return fileName.replace(/\.ifc(zip|xml)?$/i, '');
}

export function messageParams(appUrl: string, n: ComparisonNotice): ChangeMessageParams {
  return {
    project: n.project.name,
    file: displayName(n.file.name),
    version: n.version.tag,
    previous: n.previousVersion.tag,
    new: n.counts.new,
    resolved: n.counts.resolved,
    removed: n.counts.removed,
    persisting: n.counts.persisting,
    link: changesLink(appUrl, n),
  };
}

export function versionComparedEvent(appUrl: string, n: ComparisonNotice): VersionComparedEvent {
  const params = messageParams(appUrl, n);
  return {
    event: 'version.compared',
    id: n.eventId,
    occurred_at: n.occurredAt.toISOString(),
    project: n.project,
    file: n.file,
    version: n.version,
    previous_version: n.previousVersion,
    cause: n.cause,
    counts: n.counts,
    elements: n.elements,
    message: {
      id: 'changes.summary',
      params: { ...params },
      text: renderChangeMessage('changes.summary', params),
    },
    links: { changes: params.link, project: projectLink(appUrl, n.project.id) },
  };
}

/**
 * Slack's incoming-webhook body (api.slack.com/messaging/webhooks): `text` (the notification's
 * fallback) and Block Kit `blocks`: a section in mrkdwn, a context line, a link button. Slack caps a
 * section's text at 3,000 characters and a button's at 75; ours stay far below.
 */
export function slackBody(event: VersionComparedEvent): { text: string; blocks: unknown[] } {
  const p = event.message.params as unknown as ChangeMessageParams;
  const text = event.message.text;
  const mrkdwn = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    text,
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `*${mrkdwn(text)}*\n${renderChangeMessage('changes.details', { ...p, ...event.counts, previous: mrkdwn(p.previous) })}`,
        },
      },
      {
        type: 'context',
        elements: [
          { type: 'mrkdwn', text: `Plumbline · ${mrkdwn(event.project.name)} · ${mrkdwn(event.file.name)}` },
        ],
      },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            text: { type: 'plain_text', text: renderChangeMessage('changes.open', p) },
            url: event.links.changes,
          },
        ],
      },
    ],
  };
}

/**
 * Microsoft Teams' incoming-webhook body (learn.microsoft.com, "Create Incoming Webhooks" and "Send
 * Adaptive Cards using an Incoming Webhook"): a `message` whose one attachment has the content type
 * `application/vnd.microsoft.card.adaptive`, `contentUrl` null and an Adaptive Card as `content`
 * (schema adaptivecards.io, version 1.4, which Teams renders): TextBlocks, a FactSet of the counts and
 * an Action.OpenUrl to the Changes view. Teams' Workflows webhooks take the same body.
 */
export function teamsBody(event: VersionComparedEvent) {
  const p = event.message.params as unknown as ChangeMessageParams;
  return teamsCard(event.message.text, {
    facts: [
      { title: renderChangeMessage('changes.fact.new', p), value: String(event.counts.new) },
      { title: renderChangeMessage('changes.fact.resolved', p), value: String(event.counts.resolved) },
      { title: renderChangeMessage('changes.fact.removed', p), value: String(event.counts.removed) },
      { title: renderChangeMessage('changes.fact.persisting', p), value: String(event.counts.persisting) },
      { title: renderChangeMessage('changes.fact.waived', p), value: String(event.counts.waived) },
    ],
    context: `Plumbline · ${event.project.name} · ${event.file.name}`,
    action: { title: renderChangeMessage('changes.open', p), url: event.links.changes },
  });
}

function teamsCard(
  text: string,
  extra: {
    facts?: { title: string; value: string }[];
    context?: string;
    action?: { title: string; url: string };
  },
) {
  const body: Record<string, unknown>[] = [
    { type: 'TextBlock', text, weight: 'Bolder', size: 'Medium', wrap: true },
  ];
  if (extra.facts) body.push({ type: 'FactSet', facts: extra.facts });
  if (extra.context)
    body.push({ type: 'TextBlock', text: extra.context, isSubtle: true, size: 'Small', wrap: true });
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          ...(extra.action ? { actions: [{ type: 'Action.OpenUrl', ...extra.action }] } : {}),
        },
      },
    ],
  };
}

/** A ping: what an Admin sends to try a new hook. */
export function pingBody(format: WebhookFormat, hook: { id: string; name: string }, at: Date): string {
  const text = `Plumbline webhook "${hook.name}" is connected.`;
  if (format === 'teams') return JSON.stringify(teamsCard(text, {}));
  return JSON.stringify(
    format === 'slack'
      ? { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] }
      : { event: 'ping', id: hook.id, occurred_at: at.toISOString(), message: { text } },
  );
}

export function deliveryBody(format: WebhookFormat, event: VersionComparedEvent): string {
  if (format === 'teams') return JSON.stringify(teamsBody(event));
  return JSON.stringify(format === 'slack' ? slackBody(event) : event);
}

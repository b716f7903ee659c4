import { describe, expect, it } from 'vitest';
import { deliveryBody, pingBody, versionComparedEvent } from './payload';

/**
 * Microsoft Teams' incoming webhook, as Microsoft documents it ("Send Adaptive Cards using an Incoming
 * Webhook"; Adaptive Cards schema 1.4): written out here, independently of the code under test.
 */
function teamsShapeErrors(body: Record<string, unknown>): string[] {
  const errors: string[] = [];
  if (body.type !== 'message') errors.push('type must be "message"');
  const attachments = body.attachments as Array<Record<string, unknown>>;
  if (!Array.isArray(attachments) || attachments.length !== 1) return [...errors, 'one attachment'];
  const a = attachments[0] as Record<string, unknown>;
  if (a.contentType !== 'application/vnd.microsoft.card.adaptive')
    errors.push('contentType must be application/vnd.microsoft.card.adaptive');
  if (!('contentUrl' in a) || a.contentUrl !== null) errors.push('contentUrl must be null');
  const card = a.content as Record<string, unknown>;
  if (card?.type !== 'AdaptiveCard') errors.push('content.type must be AdaptiveCard');
  if (card?.$schema !== 'http://adaptivecards.io/schemas/adaptive-card.json') errors.push('content.$schema');
  // Teams renders Adaptive Cards up to 1.5 in channels; 1.0–1.5 are valid versions.
  if (!['1.0', '1.1', '1.2', '1.3', '1.4', '1.5'].includes(String(card?.version)))
    errors.push('content.version');
  const elements = card?.body as Array<Record<string, unknown>>;
  if (!Array.isArray(elements) || elements.length === 0) errors.push('content.body: at least one element');
  for (const [i, e] of (elements ?? []).entries()) {
    if (e.type === 'TextBlock') {
      if (typeof e.text !== 'string' || e.text.length === 0) errors.push(`body[${i}].text`);
    } else if (e.type === 'FactSet') {
      const facts = e.facts as Array<Record<string, unknown>>;
      if (!Array.isArray(facts) || facts.length === 0) errors.push(`body[${i}].facts`);
      for (const f of facts ?? [])
        if (typeof f.title !== 'string' || typeof f.value !== 'string') errors.push(`body[${i}] fact`);
    } else errors.push(`body[${i}]: unexpected element ${String(e.type)}`);
  }
  for (const [i, act] of ((card?.actions as Array<Record<string, unknown>>) ?? []).entries()) {
    if (act.type !== 'Action.OpenUrl') errors.push(`actions[${i}].type`);
    if (typeof act.title !== 'string' || !act.title) errors.push(`actions[${i}].title`);
    if (typeof act.url !== 'string' || !/^https?:\/\//.test(act.url)) errors.push(`actions[${i}].url`);
  }
  return errors;
}

const event = versionComparedEvent('https://plumbline.example.com', {
  eventId: '5a8c1f0e-7d5b-4d1c-9d63-0a9f1b2c3d4e',
  occurredAt: new Date('2026-12-06T10:00:00Z'),
  cause: 'processed',
  project: { id: '6b4c3f0e-7d5b-4d1c-9d63-0a9f1b2c3d4e', name: 'Harbour Tower' },
  file: { id: '7c4c3f0e-7d5b-4d1c-9d63-0a9f1b2c3d4e', name: 'ARC.ifc' },
  version: { id: '8d4c3f0e-7d5b-4d1c-9d63-0a9f1b2c3d4e', tag: 'v7' },
  previousVersion: { id: '9e4c3f0e-7d5b-4d1c-9d63-0a9f1b2c3d4e', tag: 'v6' },
  counts: { new: 12, resolved: 40, removed: 3, persisting: 5, waived: 2 },
  elements: { matched_by_global_id: 100, matched_by_content: 2, added: 1, removed: 3 },
});

describe('Teams-format webhook body', () => {
  it('has the shape of a Teams incoming-webhook Adaptive Card message', () => {
    const body = JSON.parse(deliveryBody('teams', event)) as Record<string, unknown>;
    expect(teamsShapeErrors(body)).toEqual([]);
    const text = JSON.stringify(body);
    expect(text).toContain('Harbour Tower ARC v7: 12 new failures, 40 resolved');
    expect(text).toContain(event.links.changes);
    const card = (body.attachments as Array<{ content: { body: Array<{ facts?: { value: string }[] }> } }>)[0]
      ?.content;
    const facts = card?.body.find((e) => e.facts)?.facts?.map((f) => f.value);
    expect(facts).toEqual(['12', '40', '3', '5', '2']);
  });

  it('pings a Teams hook with a card too', () => {
    const body = JSON.parse(pingBody('teams', { id: 'h', name: 'Site channel' }, new Date())) as Record<
      string,
      unknown
    >;
    expect(teamsShapeErrors(body)).toEqual([]);
  });

  it('the shape check refuses a Slack body and a MessageCard-less card', () => {
    expect(teamsShapeErrors(JSON.parse(deliveryBody('slack', event)))).not.toEqual([]);
    expect(
      teamsShapeErrors({ type: 'message', attachments: [{ contentType: 'x', content: {} }] }),
    ).not.toEqual([]);
  });
});

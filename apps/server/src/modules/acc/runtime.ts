import { createHmac } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { createApsClient } from './aps-client';
import { type ApsHooksClient, createApsHooksClient } from './aps-hooks-client';
import { type AccConnector, createAccConnector } from './connector';
import { createTokenSeal } from './token-seal';

/** APS webhooks of this installation: where Autodesk calls back, and each hook's secret token. */
export interface AccHooksRuntime {
  client: ApsHooksClient;
  callbackUrl: string;
  /** The hook's secret, derived from SESSION_SECRET and its id: nothing secret is stored per hook. */
  secretFor(hookId: string): string;
}

export interface AccRuntime {
  connector: AccConnector;
  maxBytes: number;
  /** The first wait between a translation's status polls (APS_TRANSLATION_POLL_SECONDS), in ms. */
  translationPollMs: number;
  /** Null without PUBLIC_URL or with APS_WEBHOOKS=off: new versions come by polling only. */
  hooks: AccHooksRuntime | null;
}

/** The Autodesk connection this installation has (APS_*), for the API and the workers alike; null when off. */
export function createAccRuntime(
  config: Pick<Config, 'aps' | 'sessionSecret' | 'maxUploadBytes'>,
  db: Database,
  clock: Clock,
): AccRuntime | null {
  if (!config.aps) return null;
  const client = createApsClient({ ...config.aps, now: () => clock.now().getTime() });
  const seal = createTokenSeal(config.sessionSecret);
  const { webhookUrl } = config.aps;
  const hooks = webhookUrl
    ? {
        client: createApsHooksClient(config.aps),
        callbackUrl: webhookUrl,
        secretFor: (hookId: string) =>
          createHmac('sha256', config.sessionSecret).update(`aps-hook:${hookId}`).digest('base64url'),
      }
    : null;
  return {
    connector: createAccConnector({ db, clock, client, seal }),
    maxBytes: config.maxUploadBytes,
    translationPollMs: config.aps.translationPollSeconds * 1000,
    hooks,
  };
}

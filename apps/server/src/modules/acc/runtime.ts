import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { createApsClient } from './aps-client';
import { type AccConnector, createAccConnector } from './connector';
import { createTokenSeal } from './token-seal';

/** The Autodesk connection this installation has (APS_*), for the API and the workers alike; null when off. */
export function createAccRuntime(
  config: Pick<Config, 'aps' | 'sessionSecret' | 'maxUploadBytes'>,
  db: Database,
  clock: Clock,
): { connector: AccConnector; maxBytes: number } | null {
  if (!config.aps) return null;
  const client = createApsClient({ ...config.aps, now: () => clock.now().getTime() });
  const seal = createTokenSeal(config.sessionSecret);
  return { connector: createAccConnector({ db, clock, client, seal }), maxBytes: config.maxUploadBytes };
}

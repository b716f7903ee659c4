/**
 * Two BCF readers from other projects, as a BIM team's tools would open our archives:
 * @parametricos/bcf-js 0.2.6 (2.1 and 3.0 readers) and That Open's BCFTopics (@thatopen/components
 * 3.4.8, the viewer stack the web app uses). Both run in Node; each returns how many topics it loaded.
 */

import { BcfReader as BcfJsReader30 } from '@parametricos/bcf-js';
import { BcfReader as BcfJsReader21 } from '@parametricos/bcf-js/dist/2.1/index.js';
import * as OBC from '@thatopen/components';

/** bcf-js swallows its errors (logs them, loads nothing): the count is what a user would see. */
export async function topicsReadByBcfJs(bytes: Uint8Array, version: '2.1' | '3.0'): Promise<number> {
  const reader = version === '3.0' ? new BcfJsReader30() : new BcfJsReader21();
  const quiet = silenceConsole();
  try {
    await reader.read(bytes);
  } finally {
    quiet.restore();
  }
  return reader.markups.filter((markup) => markup.topic?.guid).length;
}

export async function topicsReadByThatOpen(bytes: Uint8Array): Promise<number> {
  const components = new OBC.Components();
  try {
    const { topics } = await components.get(OBC.BCFTopics).load(bytes);
    return new Set(topics.map((topic) => topic.guid)).size;
  } finally {
    components.dispose();
  }
}

function silenceConsole() {
  const { log, error } = console;
  console.log = () => undefined;
  console.error = () => undefined;
  return {
    restore() {
      console.log = log;
      console.error = error;
    },
  };
}

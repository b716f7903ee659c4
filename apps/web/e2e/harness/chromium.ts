import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, chromium } from 'playwright-core';

/** Debian's Chromium (E2E_CHROMIUM_PATH overrides). */
const CHROMIUM = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, with everything that would reach the internet switched off. */
const OPTIONS = {
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

function executablePath(): string {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: install it with apt-get install -y chromium.`);
  }
  return CHROMIUM;
}

/** A Chromium of this process's own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: executablePath(), ...OPTIONS });
}

/**
 * A Chromium that test files connect to (the global setup starts one per worker slot, beside the slot's
 * server): files that run one after another in a slot reuse it instead of starting their own.
 */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: executablePath(), ...OPTIONS });
}

/** This slot's Chromium (from the global setup), connected to; a file's contexts stay its own. */
export function connectChromium(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}

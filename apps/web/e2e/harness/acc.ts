import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type ApsStandin, startApsStandin } from '../../../server/test/support/aps-standin';
import { expectVisible } from './browser';
import { type RunningServer, startServer } from './server';
import { openWizard } from './wizard';

/**
 * What the ACC e2e tests share: a loopback APS stand-in (its own server, as Autodesk's sign-in page is
 * a real page the browser visits) with a Plumbline server wired to it, and the wizard's ACC steps.
 * Names, sizes and versions the tests expect are the stand-in's.
 */

/** The shared sample models the stand-in serves as the files of its ACC projects. */
export const SAMPLES = new URL('../../../../../shared/ifc-samples/', import.meta.url).pathname;
/** The stand-in's OAuth client: constants both sides are given, no real application's. */
export const CLIENT = { id: 'e2e-standin-client', secret: 'e2e-standin-secret-0123456789' };

export interface AccInstallation {
  standin: ApsStandin;
  server: RunningServer;
}

/**
 * A stand-in and a server that reaches Autodesk through it; the stand-in sends the browser back to
 * the server's OAuth callback. With `publicUrl` (the server's own address) the server subscribes to
 * Autodesk's webhooks; without, it polls (decision 0360).
 */
export async function startAccInstallation(options: { publicUrl?: boolean } = {}): Promise<AccInstallation> {
  const standin = await startApsStandin({
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    callbackUrl: 'http://unset.invalid/',
    samplesDir: SAMPLES,
  });
  try {
    const server = await startServer({
      publicUrlIsSelf: options.publicUrl === true,
      envFor: (baseUrl) => ({
        APS_CLIENT_ID: CLIENT.id,
        APS_CLIENT_SECRET: CLIENT.secret,
        APS_CALLBACK_URL: `${baseUrl}/api/v1/acc/callback`,
        APS_BASE_URL: standin.url,
      }),
    });
    standin.setCallbackUrl(`${server.baseUrl}/api/v1/acc/callback`);
    return { standin, server };
  } catch (error) {
    await standin.close();
    throw error;
  }
}

/** Connect step → Autodesk's sign-in page (the stand-in's) → Allow → back in the wizard, connected. */
export async function connectToAcc(page: Page): Promise<Locator> {
  const wizard = await openWizard(page);
  await expectVisible(wizard.getByText('Step 1 of 6: Connect'));
  const help = wizard.getByRole('link', { name: /How the ACC integration works/ });
  expect(await help.getAttribute('target')).toBe('_blank');
  expect(await help.getAttribute('href')).toBe('/help/acc-integration');
  await wizard.getByRole('button', { name: 'Connect to Autodesk ACC' }).click();
  await expectVisible(page.getByRole('heading', { name: 'Sign in to Autodesk (stand-in)' }));
  await page.getByRole('button', { name: 'Allow' }).click();
  const back = page.getByRole('dialog', { name: 'Create New Project' });
  await expectVisible(back.getByRole('button', { name: 'Continue with Current Session' }));
  return back;
}

/**
 * Connected, through the wizard to its Files step: the current session, the stand-in's Cornerstone
 * Build hub and its Harbour Tower project, named `projectName`. Returns the wizard.
 */
export async function harbourTowerFiles(page: Page, projectName: string): Promise<Locator> {
  const wizard = await connectToAcc(page);
  await wizard.getByRole('button', { name: 'Continue with Current Session' }).click();
  await wizard.getByRole('radio', { name: 'Cornerstone Build' }).click();
  await wizard.getByRole('radio', { name: 'Harbour Tower' }).click();
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByLabel('Project name').fill(projectName);
  await wizard.getByRole('button', { name: 'Next' }).click();
  return wizard;
}

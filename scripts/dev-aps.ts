// `npm run dev:aps`: the local Autodesk Platform Services stand-in, to try the ACC import without an
// Autodesk account. Start it, then start Plumbline with the variables it prints (README, "ACC import").
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startApsStandin } from '../apps/server/test/support/aps-standin';

const port = Number(process.env.APS_STANDIN_PORT ?? 3101);
const appUrl = (process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, '');
const samplesDir = resolve(import.meta.dirname, '../../shared/ifc-samples');
if (!existsSync(samplesDir)) {
  console.error(`The sample models are missing: ${samplesDir} (../shared beside the repository).`);
  process.exit(1);
}
const clientId = 'plumbline-dev-client';
const clientSecret = 'plumbline-dev-secret';
const standin = await startApsStandin({
  clientId,
  clientSecret,
  callbackUrl: `${appUrl}/api/v1/acc/callback`,
  samplesDir,
  port,
  translationPolls: 2,
});
console.log(`APS stand-in listening on ${standin.url} (loopback only)

Start Plumbline with:
  APS_CLIENT_ID=${clientId} APS_CLIENT_SECRET=${clientSecret} \\
  APS_CALLBACK_URL=${appUrl}/api/v1/acc/callback APS_BASE_URL=${standin.url} \\
  PUBLIC_URL=${appUrl} npm start      (PUBLIC_URL: the stand-in's webhooks call the app back)

Sign-in page: a fixed test user (Alex Builder); choose Allow.
Try: hub "Cornerstone Build" (ACC) → project "Harbour Tower" (IFC, a two-version IFC, an RVT that
translates, an RVT whose translation fails); "Empty Site" has no BIM files; "Restricted Works" answers 403.
Controls (curl):
  ${standin.url}/__standin/add-version?name=Harbour%20Walls.ifc   a new version for the next refresh
  ${standin.url}/__standin/publish-version?name=Harbour%20Walls.ifc  a new version, webhooks called back
  ${standin.url}/__standin/hooks                                the webhooks registered, callbacks made
  ${standin.url}/__standin/fail-next?status=401                 the next API call answers 401
  ${standin.url}/__standin/refuse-refresh?on=true               refresh tokens are refused
  ${standin.url}/__standin/expire-tokens                        every access token expires now`);

// Fails when a package in package-lock.json (every platform's optional binaries included) declares
// `engines.node` that does not cover the whole Node range the project declares in package.json, so
// that `npm ci` never prints EBADENGINE on a supported Node (decision 0165). Run by `npm run lint`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

const declared = readJson(join(root, 'package.json')).engines?.node;
if (!declared || !semver.validRange(declared)) {
  console.error(`package.json engines.node is missing or not a semver range: ${declared}`);
  process.exit(1);
}

const problems = [];
let checked = 0;
for (const [path, entry] of Object.entries(readJson(join(root, 'package-lock.json')).packages ?? {})) {
  if (path === '') continue;
  // The installed package.json when present (it is what npm checks), else the lock's copy of it.
  const installed = join(root, path, 'package.json');
  const manifest = !entry.link && existsSync(installed) ? readJson(installed) : entry;
  const required = manifest.engines?.node;
  if (!required) continue;
  checked += 1;
  const name = manifest.name ?? path.replace(/^.*node_modules\//, '');
  const version = manifest.version ?? entry.version;
  if (!semver.validRange(required, { loose: true })) {
    problems.push(`${name}@${version} (${path}): engines.node "${required}" is not a semver range`);
  } else if (!semver.subset(declared, required, { loose: true })) {
    problems.push(`${name}@${version} (${path}) needs node "${required}"`);
  }
}

if (problems.length > 0) {
  console.error(`These packages do not support every Node the project declares ("${declared}"):`);
  for (const problem of problems) console.error(`  ${problem}`);
  console.error('Choose versions whose engines cover the range, or change package.json engines.node.');
  process.exit(1);
}
console.log(`engines: ${checked} packages with engines.node all cover "${declared}"`);

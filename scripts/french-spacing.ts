// French catalogues put a no-break space (U+00A0) before : ; ! ? » and after « (docs/i18n.md); the
// catalogue test names every plain one. `npx tsx scripts/french-spacing.ts` lists them, `--write`
// replaces them in every fr.json under a `messages` folder of apps/*/src and packages/*/src (text only:
// the ICU syntax of a message is left as it is).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frenchSpacingProblems, withFrenchSpacing } from '@plumbline/i18n/check';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const write = process.argv.includes('--write');

function frenchCatalogues(dir: string, inMessages: boolean, into: string[]): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) frenchCatalogues(path, inMessages || name === 'messages', into);
    else if (inMessages && name === 'fr.json') into.push(path);
  }
  return into;
}

const files = ['apps', 'packages'].flatMap((top) =>
  readdirSync(join(root, top)).flatMap((workspace) => {
    const src = join(root, top, workspace, 'src');
    try {
      return statSync(src).isDirectory() ? frenchCatalogues(src, false, []) : [];
    } catch {
      return [];
    }
  }),
);

let count = 0;
for (const file of files) {
  const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  let changed = false;
  for (const [id, message] of Object.entries(catalogue)) {
    const problems = frenchSpacingProblems(message);
    if (problems.length === 0) continue;
    count += problems.length;
    console.log(`${relative(root, file)} ${id}: ${problems.join(', ')}`);
    catalogue[id] = withFrenchSpacing(message);
    changed = true;
  }
  if (write && changed) writeFileSync(file, `${JSON.stringify(catalogue, null, 2)}\n`);
}
console.log(`${count} plain space${count === 1 ? '' : 's'}${write ? ' replaced' : ''}`);

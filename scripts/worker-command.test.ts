// `npm run worker` starts the built worker under a supported Node, whatever Node runs the command.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'plumbline-worker-cmd-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function runWorker(node: string) {
  const env = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return spawnSync(node, ['scripts/worker.mjs'], { cwd: root, env, encoding: 'utf8', timeout: 120_000 });
}

const builtWorker = existsSync(join(root, 'apps/server/dist/worker.js'));
const systemNode = '/usr/bin/node';
const systemMajor = existsSync(systemNode)
  ? Number(spawnSync(systemNode, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout)
  : Number.NaN;

describe('npm run worker', () => {
  it('runs the built worker, which asks for DATABASE_URL before anything else', () => {
    const result = runWorker(process.execPath);
    if (!builtWorker) {
      expect(result.stderr).toContain('The worker is not built yet');
      return;
    }
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('A separate worker needs DATABASE_URL');
  });

  it.runIf(systemMajor < 22)('on an older Node, runs again under Node 22 from .node/', () => {
    const result = runWorker(systemNode);
    expect(result.stderr).toMatch(/is too old; running under Node\.js 22\./);
    expect(result.status).toBe(1);
  });
});

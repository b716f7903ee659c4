// The boundary rules of .dependency-cruiser.cjs hold over the whole tree, and each rule really fails a
// tree that breaks it: a small fixture tree with one deliberate breach per rule, cruised with the same
// config, must report exactly those breaches and none of the allowed imports beside them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const config = join(root, '.dependency-cruiser.cjs');
// The `depcruise` command of the installed version (its file name differs between versions).
const cruiserDir = join(root, 'node_modules/dependency-cruiser');
const depcruise = join(
  cruiserDir,
  (JSON.parse(readFileSync(join(cruiserDir, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin
    .depcruise as string,
);

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

function cruise(cwd: string, paths: string[]): Violation[] {
  let stdout: string;
  const args = [depcruise, ...paths, '--config', config, '--output-type', 'json'];
  try {
    stdout = execFileSync(process.execPath, args, {
      cwd,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (error) {
    // depcruise exits non-zero when it finds violations; its JSON is still on stdout.
    stdout = (error as { stdout: string }).stdout;
  }
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('the boundary rules', () => {
  // Cruising the whole tree takes minutes on a busy machine: the guard is against a hang only.
  it('hold over apps, packages, bench and scripts', { timeout: 900_000 }, () => {
    const violations = cruise(root, ['apps', 'packages', 'bench', 'scripts']);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  });

  describe('fail a tree that breaks each of them', () => {
    const fixture = mkdtempSync(join(tmpdir(), 'plumbline-boundaries-'));
    afterAll(() => rmSync(fixture, { recursive: true, force: true }));
    const files: Record<string, string> = {
      // The web's `@/` alias, as in the real tree.
      'apps/web/tsconfig.json': JSON.stringify({
        compilerOptions: { baseUrl: '.', paths: { '@/*': ['./src/*'] } },
      }),
      // Breaches, one per rule.
      'packages/contracts/src/index.ts': "import '../../../apps/server/src/platform/db';",
      'packages/ifc/src/index.ts': "import '../../ids/src/index';",
      'packages/ids/src/index.ts':
        "import '../../ifc/src/index';\nimport '../../i18n/src/index';\nimport '../../validity/src/index';\nimport '../../contracts/src/index';",
      'packages/i18n/src/index.ts': "import '../../ifc/src/index';",
      'packages/validity/src/index.ts': "import '../../ifc/src/dep';\nimport '../../ids/src/dep';",
      'packages/ifc/src/dep.ts': 'export const dep = 1;',
      'packages/ids/src/dep.ts': 'export const dep = 1;',
      'apps/server/src/platform/db.ts': "import '../schema/tables';",
      'apps/server/src/platform/http/app.ts': "import '../../modules/projects/index';",
      'apps/server/src/modules/bimfiles/service.ts':
        "import '../projects/repo';\nimport '../projects/index';",
      'apps/server/src/modules/projects/index.ts': "export * from './service';",
      'apps/server/src/modules/projects/service.ts': "import './repo';\nimport '../../jobs/mail';",
      'apps/server/src/jobs/mail.ts': 'export const mail = 1;',
      'apps/server/src/modules/projects/repo.ts':
        "import '../../platform/db';\nimport '../../schema/tables';",
      'apps/server/src/jobs/process.ts':
        "import '../modules/projects/repo';\nimport '../modules/projects/index';",
      'apps/server/src/schema/tables.ts': 'export const tables = 1;',
      'apps/server/src/modules/metadata/service.ts': "import './repo';\nimport './sql-store';",
      'apps/server/src/modules/metadata/sql-store.ts': "import './repo';\nimport './row-query';",
      'apps/server/src/modules/metadata/repo.ts': "import './row-query';",
      'apps/server/src/modules/metadata/row-query.ts': 'export const rowQuery = 1;',
      'apps/server/src/platform/cycle-a.ts': "import './cycle-b';",
      'apps/server/src/platform/cycle-b.ts': "import './cycle-a';",
      'apps/web/src/features/compliance/view.tsx':
        "import '../viewer/panel';\nimport '../projects/list';\nimport '@/lib/format';\nimport '@/components/ui/button';",
      'apps/web/src/features/viewer/panel.tsx': "import './canvas';",
      'apps/web/src/features/viewer/canvas.tsx': 'export const canvas = 1;',
      'apps/web/src/features/projects/list.tsx': "import '@/app/router';",
      'apps/web/src/components/ui/button.tsx': "import '@/features/projects/list';",
      'apps/web/src/lib/format.ts': 'export const format = 1;',
      'apps/web/src/app/router.tsx': "import '@/features/viewer/panel';",
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(fixture, path)), { recursive: true });
      writeFileSync(join(fixture, path), text);
    }

    it('reports exactly the deliberate breaches', () => {
      const found = cruise(fixture, ['apps', 'packages'])
        .map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
        .sort();
      expect(found).toEqual(
        [
          'packages-import-no-app: packages/contracts/src/index.ts → apps/server/src/platform/db.ts',
          'contracts-import-nothing-ours: packages/contracts/src/index.ts → apps/server/src/platform/db.ts',
          'ifc-imports-nothing-ours: packages/ifc/src/index.ts → packages/ids/src/index.ts',
          'ids-imports-only-ifc: packages/ids/src/index.ts → packages/contracts/src/index.ts',
          'i18n-imports-nothing-ours: packages/i18n/src/index.ts → packages/ifc/src/index.ts',
          'validity-imports-only-ifc: packages/validity/src/index.ts → packages/ids/src/dep.ts',
          // The ifc → ids breach above also closes cycles (one row a cycle): ids → ifc, and i18n → ifc → ids → i18n.
          'no-circular: packages/ids/src/index.ts → packages/ifc/src/index.ts',
          'no-circular: packages/i18n/src/index.ts → packages/ifc/src/index.ts',
          'platform-imports-no-module: apps/server/src/platform/http/app.ts → apps/server/src/modules/projects/index.ts',
          'modules-meet-through-index: apps/server/src/modules/bimfiles/service.ts → apps/server/src/modules/projects/repo.ts',
          'modules-import-no-job-or-root: apps/server/src/modules/projects/service.ts → apps/server/src/jobs/mail.ts',
          'explorer-rows-through-store: apps/server/src/modules/metadata/service.ts → apps/server/src/modules/metadata/repo.ts',
          'no-circular: apps/server/src/platform/cycle-a.ts → apps/server/src/platform/cycle-b.ts',
          'web-features-import-only-projects-lib-components: apps/web/src/features/compliance/view.tsx → apps/web/src/features/viewer/panel.tsx',
          'web-features-import-only-projects-lib-components: apps/web/src/features/projects/list.tsx → apps/web/src/app/router.tsx',
          'web-lib-components-import-no-feature: apps/web/src/components/ui/button.tsx → apps/web/src/features/projects/list.tsx',
          // components → projects → app → viewer is no cycle; app/ → features/ is allowed.
        ].sort(),
      );
    });
  });
});

// `npm run audit:verify` (bundled to dist/audit-verify.js, run by scripts/audit-verify.mjs): checks the
// audit trail's hash chain (decision 0265) in the database of this installation: DATABASE_URL, else
// the embedded PostgreSQL of DATA_DIR (its running server when the app runs, else started for the
// check). It changes nothing. Exit code 0: the chain holds; 1: it does not (the first bad entry is
// named); 2: the check could not run.
import { fileURLToPath } from 'node:url';
import type { AuditChainVerdict } from '@plumbline/contracts';
import { verifyAuditChain } from './modules/audit/verify';
import { ConfigError, loadConfig } from './platform/config';
import { type DatabaseTarget, openDatabase } from './platform/db';
import { embeddedDatabaseUrl } from './platform/embedded-postgres';
import { render } from './platform/i18n';

const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * What the command prints for a verdict: one line when the chain holds, the first bad entry when not.
 * An operator's console, in English like the rest of its output; the reason comes from the server's
 * catalogue (the web's Settings card renders the same reasons from its own, in the reader's language).
 */
export function describeVerdict(verdict: AuditChainVerdict): string {
  const pending = verdict.unchained > 0 ? ` (${verdict.unchained} older entries wait to be chained)` : '';
  if (verdict.ok) {
    return `audit chain holds: ${verdict.checked} entries checked, head #${verdict.head.seq} ${verdict.head.hash}${pending}\n`;
  }
  const bad = verdict.first_bad;
  if (!bad) return 'audit chain broken\n';
  const where =
    bad.seq === null ? 'at the chain head' : `at entry #${bad.seq} (id ${bad.id}, ${bad.action}, ${bad.at})`;
  return `audit chain BROKEN ${where}: ${render('en', 'audit.verify.reason', { reason: bad.reason })}; ${verdict.checked} entries before it hold\n`;
}

export async function auditVerifyCommand(
  env: Record<string, string | undefined>,
  out: { write(text: string): unknown },
): Promise<number> {
  let target: DatabaseTarget;
  try {
    const config = loadConfig(env, { defaultWebDistDir });
    const running = config.database.kind === 'embedded' ? embeddedDatabaseUrl(config.database.dir) : null;
    // The app's own embedded server, while it runs, is reached at its address; stopped, it is started.
    target = running ? { kind: 'postgres', url: running, poolSize: 2 } : { ...config.database, poolSize: 2 };
  } catch (error) {
    out.write(`audit:verify: ${error instanceof ConfigError ? error.message : String(error)}\n`);
    return 2;
  }
  const database = await openDatabase(target);
  try {
    const verdict = await verifyAuditChain(database.db);
    out.write(describeVerdict(verdict));
    return verdict.ok ? 0 : 1;
  } catch (error) {
    out.write(
      `audit:verify: the check could not run: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  } finally {
    await database.close();
  }
}

export async function main(): Promise<void> {
  process.exitCode = await auditVerifyCommand(process.env, process.stdout).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    return 2;
  });
}

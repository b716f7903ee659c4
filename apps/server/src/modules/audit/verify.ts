import type { AuditChainProblem, AuditChainVerdict } from '@plumbline/contracts';
import type { Database } from '../../platform/db';
import { entryHash, GENESIS_HASH } from './chain';
import { chainPage, countUnchained, readChainHead } from './repo';

const PAGE = 2000;

/**
 * Walks the chain in `seq` order and recomputes every hash (decision 0265). The first row that does
 * not hold is named: its content no longer gives its hash (`entry_changed`), it does not follow the
 * hash before it (`link_broken`: the row before was changed and re-hashed), or rows are missing
 * before it (`entry_missing`). The head must be the last row (`head_mismatch`: rows cut off the end).
 * One snapshot for the head and every page: entries chained while it reads (a busy installation) are
 * neither half seen nor taken for rows cut off.
 */
export function verifyAuditChain(db: Database): Promise<AuditChainVerdict> {
  return db.transaction((tx) => verifyInSnapshot(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function verifyInSnapshot(db: Database): Promise<AuditChainVerdict> {
  const head = await readChainHead(db);
  let seq = 0;
  let hash = GENESIS_HASH;
  let checked = 0;
  const verdict = (firstBad: AuditChainProblem | null): Promise<AuditChainVerdict> =>
    countUnchained(db).then((unchained) => ({
      ok: firstBad === null,
      checked,
      unchained,
      head: head ?? { seq: 0, hash: GENESIS_HASH },
      first_bad: firstBad,
    }));
  for (;;) {
    const rows = await chainPage(db, seq, PAGE);
    for (const row of rows) {
      const at = { seq: row.seq, id: row.id, action: row.action, at: row.at.toISOString() };
      if (row.seq !== seq + 1) return verdict({ ...at, reason: 'entry_missing', expected_seq: seq + 1 });
      if (row.prevHash !== hash) return verdict({ ...at, reason: 'link_broken', expected_seq: null });
      const computed = entryHash({ ...row, seq: row.seq, prevHash: hash });
      if (row.hash !== computed) return verdict({ ...at, reason: 'entry_changed', expected_seq: null });
      seq = row.seq;
      hash = computed;
      checked += 1;
    }
    if (rows.length < PAGE) break;
  }
  if (!head || head.seq !== seq || head.hash !== hash) {
    return verdict({
      seq: null,
      id: null,
      action: null,
      at: null,
      reason: 'head_mismatch',
      expected_seq: seq,
    });
  }
  return verdict(null);
}

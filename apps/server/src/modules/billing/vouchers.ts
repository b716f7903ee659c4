import type { ContractsMessageId } from '@plumbline/contracts';
import type { Database } from '../../platform/db';
import * as repo from './repo';

/** A voucher usable at `now`, or null with the reason (a message id of the errors catalogue). */
export async function usableVoucher(
  db: Database,
  now: Date,
  code: string,
): Promise<{ voucher: repo.VoucherRow; reason: null } | { voucher: null; reason: ContractsMessageId }> {
  const voucher = await repo.getVoucher(db, code.toUpperCase());
  if (!voucher?.isActive) return { voucher: null, reason: 'error.voucher_invalid' };
  if (voucher.validFrom && now < voucher.validFrom)
    return { voucher: null, reason: 'error.voucher_invalid.notYet' };
  if (voucher.validUntil && now >= voucher.validUntil)
    return { voucher: null, reason: 'error.voucher_invalid.expired' };
  if (voucher.maxRedemptions !== null && voucher.redemptions >= voucher.maxRedemptions) {
    return { voucher: null, reason: 'error.voucher_invalid.redeemed' };
  }
  return { voucher, reason: null };
}

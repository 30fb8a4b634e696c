import type { WithdrawalRecord } from '@trx-shop/domain';
import { type ClaimColumns, claimFromColumns, claimToColumns } from './claim-columns.js';

export type WithdrawalRow = ClaimColumns & {
  id: string;
  user_id: string;
  key: string;
  request_fingerprint: string;
  created_at: number;
};

export const withdrawalFromRow = (row: WithdrawalRow): WithdrawalRecord => {
  const claim = claimFromColumns(row);
  if (claim === null) throw new Error(`withdrawal ${row.id} has no claim`);
  return {
    id: row.id,
    userId: row.user_id,
    key: row.key,
    requestFingerprint: row.request_fingerprint,
    claim,
    createdAt: new Date(row.created_at),
  };
};

export const withdrawalToRow = (record: WithdrawalRecord): WithdrawalRow => ({
  id: record.id,
  user_id: record.userId,
  key: record.key,
  request_fingerprint: record.requestFingerprint,
  ...claimToColumns(record.claim),
  created_at: record.createdAt.getTime(),
});

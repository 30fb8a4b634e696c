import type { WithdrawalRecord } from '@trx-shop/domain';
import { BUILDER_NOW } from './fixed-time.js';
import { newObjectId } from './object-id.js';
import { buildTransferClaim } from './order.builder.js';

export const buildWithdrawal = (overrides: Partial<WithdrawalRecord> = {}): WithdrawalRecord => ({
  id: newObjectId(),
  userId: newObjectId(),
  key: `key-${newObjectId()}`,
  requestFingerprint: 'sha256:toAddress=TRecipient,amount=5',
  claim: buildTransferClaim({ claimedAt: overrides.createdAt ?? BUILDER_NOW }),
  createdAt: BUILDER_NOW,
  ...overrides,
});

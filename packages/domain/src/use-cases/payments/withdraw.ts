import { type DomainError, domainError } from '../../errors/domain-error.js';
import { MAX_WITHDRAWAL_SUN } from '../../money/limits.js';
import { sunToTrx } from '../../money/sun.js';
import { parseTrxAmount } from '../../money/trx-amount.js';
import type { WithdrawalRecord } from '../../ports/idempotency-store.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import type { User } from '../../users/user.js';
import type { PaymentDeps } from './payment-deps.js';
import { recordOfClaim } from './recover-unrecorded-claims.js';
import { sendClaimedTransfer } from './send-claimed-transfer.js';
import { balanceErrorData, checkSpendableBalance } from './spendable-balance.js';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface WithdrawalInput {
  readonly toAddress: string;
  readonly amount: unknown;
  /** Idempotency-Key header; without one every call is a new withdrawal. */
  readonly idempotencyKey: string | null;
}

export interface WithdrawalDeps extends PaymentDeps {
  /** Checks the TOTP code when the user has 2FA on (identity use cases own that logic). */
  readonly checkTwoFactor: (user: User) => Promise<Result<void, DomainError>>;
}

/** The answer of an earlier withdrawal under the same key: the same transfer, its current state. */
const replay = async (
  deps: PaymentDeps,
  existing: WithdrawalRecord,
): Promise<Result<TransactionRecord, DomainError>> => {
  const transaction = await deps.store.transactions.findByHash(existing.claim.txId);
  if (transaction?.status === 'failed') {
    return err(
      domainError('PAYMENT_FAILED', 'The network rejected the transfer', {
        reason: transaction.failureReason ?? '',
      }),
    );
  }
  return ok(
    transaction ??
      recordOfClaim(
        existing.claim,
        { id: existing.id, userId: existing.userId, orderId: null, type: 'withdrawal' },
        existing.createdAt,
      ),
  );
};

/**
 * A withdrawal from the custodial wallet, exactly once per (user, Idempotency-Key) within 24 h:
 * the key's record is the claim, so a retried request returns the first transfer instead of
 * sending another, even when both arrive at once.
 */
export const withdraw = async (
  deps: WithdrawalDeps,
  user: User,
  input: WithdrawalInput,
  requestFingerprint: string,
): Promise<Result<TransactionRecord, DomainError>> => {
  const now = deps.clock.now();
  const reuseAfter = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  if (input.idempotencyKey) {
    const existing = await deps.store.withdrawals.find(user.id, input.idempotencyKey);
    if (existing && existing.createdAt.getTime() >= reuseAfter.getTime()) return replay(deps, existing);
  }
  const twoFactor = await deps.checkTwoFactor(user);
  if (!twoFactor.ok) return twoFactor;
  if (!deps.chain.isValidAddress(input.toAddress)) {
    return err(domainError('INVALID_ADDRESS', 'toAddress is not a valid TRON address'));
  }
  const amount = parseTrxAmount(input.amount, { field: 'amount', maxSun: MAX_WITHDRAWAL_SUN });
  if (!amount.ok) return amount;
  if (!user.wallet.address || !user.wallet.encryptedPrivateKey) {
    return err(domainError('NO_WALLET', 'User has no wallet'));
  }
  if (input.toAddress === user.wallet.address) {
    const message = 'toAddress must differ from your own wallet';
    return err(domainError('INVALID_ADDRESS', message));
  }
  const request = { fromAddress: user.wallet.address, toAddress: input.toAddress, amountSun: amount.value };
  const balance = await checkSpendableBalance(
    { chain: deps.chain, transactions: deps.store.transactions },
    request,
  );
  if (!balance.sufficient) {
    return err(
      domainError('INSUFFICIENT_BALANCE', 'Insufficient wallet balance', {
        userBalance: sunToTrx(balance.availableSun),
        ...balanceErrorData(balance),
      }),
    );
  }

  const recordId = deps.ids.newId();
  const key = input.idempotencyKey ?? recordId;
  let winner: WithdrawalRecord | null = null;
  const sent = await sendClaimedTransfer(deps, {
    request,
    privateKey: await deps.vault.open(user.wallet.encryptedPrivateKey, user.id),
    claim: async (claim) => {
      const outcome = await deps.store.withdrawals.claim(
        { id: recordId, userId: user.id, key, requestFingerprint, claim, createdAt: now },
        reuseAfter,
      );
      if (!outcome.claimed) winner = outcome.existing;
      return outcome.claimed;
    },
    lostClaim: async () =>
      domainError('PAYMENT_IN_PROGRESS', 'A withdrawal with this Idempotency-Key is in progress'),
    // The transaction shares the withdrawal record's id, so settling one finds the other.
    record: (claim) =>
      recordOfClaim(claim, { id: recordId, userId: user.id, orderId: null, type: 'withdrawal' }, now),
    markRecorded: () => deps.store.withdrawals.markRecorded(recordId),
  });
  const lostTo: WithdrawalRecord | null = winner;
  if (!sent.ok && lostTo) return replay(deps, lostTo);
  return sent.ok ? ok(sent.value.transaction) : sent;
};

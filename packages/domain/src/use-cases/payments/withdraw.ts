import { recordEvents } from '../../events/record-events.js';
import { codesOf, type DomainError, domainError, type ValidationError } from '../../errors/domain-error.js';
import { MAX_WITHDRAWAL_SUN } from '../../money/limits.js';
import { sunToTrx } from '../../money/sun.js';
import { parseTrxAmount } from '../../money/trx-amount.js';
import type { WithdrawalRecord } from '../../ports/idempotency-store.port.js';
import type { TotpPort } from '../../ports/totp.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import { paymentFailureReasonOf } from '../../transactions/payment-failure.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import type { User } from '../../users/user.js';
import { acceptTwoFactorCode } from '../identity/two-factor-code.js';
import { checkEmailVerified, type EmailNotVerifiedError } from './email-verified-rule.js';
import type { PaymentDeps } from './payment-deps.js';
import { recordOfClaim } from './recover-unrecorded-claims.js';
import {
  type PaymentFailedError,
  paymentFailed,
  type SendTransferError,
  type SentTransfer,
  sendClaimedTransfer,
} from './send-claimed-transfer.js';
import { balanceErrorData, reserveOutgoing } from './outgoing-reservations.js';
import { outgoingReservationKey } from './reservation-keys.js';
import { checkWithdrawalRecipient, type WithdrawalRecipientError } from './withdrawal-recipient.js';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface WithdrawalInput {
  readonly toAddress: string;
  readonly amount: unknown;
  /** The TOTP code; required when the user has 2FA on. */
  readonly twoFactorCode: string | null;
  /** Idempotency-Key header; without one every call is a new withdrawal. */
  readonly idempotencyKey: string | null;
}

export interface WithdrawalDeps extends PaymentDeps {
  readonly totp: TotpPort;
}

/** With 2FA on, money leaves only with a fresh code (each code is accepted once). */
const checkTwoFactor = async (
  deps: WithdrawalDeps,
  user: User,
  code: string | null,
): Promise<Result<void, DomainError<'INVALID_TWO_FACTOR_CODE'>>> => {
  if (!user.twoFactor.enabled) return ok(undefined);
  const accepted =
    code !== null &&
    (await acceptTwoFactorCode(
      { users: deps.store.users, vault: deps.vault, totp: deps.totp, clock: deps.clock },
      user,
      code,
    ));
  return accepted
    ? ok(undefined)
    : err(domainError('INVALID_TWO_FACTOR_CODE', 'A valid two-factor authentication code is required'));
};

/**
 * Idempotency keys are scoped per (user, route), as Stripe scopes them: the same key sent to
 * another route that takes one is another key.
 */
export const WITHDRAWAL_IDEMPOTENCY_SCOPE = 'POST /api/wallets/send';

/** What makes two withdrawal requests "the same request": where to and how much, exactly. */
export const withdrawalFingerprint = (toAddress: string, amountSun: number): string =>
  `${toAddress}|${amountSun}`;

const keyReused = (): DomainError<'IDEMPOTENCY_KEY_REUSED'> =>
  domainError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was used with a different request; use a new key for a new withdrawal',
  );

type ReplayError = DomainError<'IDEMPOTENCY_KEY_REUSED'> | PaymentFailedError;

/**
 * The answer of an earlier withdrawal under the same key: the same transfer, its current state;
 * with a different body, 422 and nothing sent.
 */
const replay = async (
  deps: PaymentDeps,
  existing: WithdrawalRecord,
  requestFingerprint: string,
): Promise<Result<TransactionRecord, ReplayError>> => {
  if (existing.requestFingerprint !== requestFingerprint) return err(keyReused());
  const transaction = await deps.store.transactions.findByHash(existing.claim.txId);
  if (transaction?.status === 'failed') {
    return err(paymentFailed(paymentFailureReasonOf(transaction.failureReason)));
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

type LostWithdrawalClaimError = DomainError<'PAYMENT_IN_PROGRESS'>;

export type WithdrawError =
  | ValidationError
  | ReplayError
  | WithdrawalRecipientError
  | EmailNotVerifiedError
  | DomainError<'INVALID_TWO_FACTOR_CODE' | 'INSUFFICIENT_BALANCE'>
  | SendTransferError<LostWithdrawalClaimError>;
export const WITHDRAW_ERRORS = codesOf<WithdrawError>()([
  'VALIDATION_ERROR',
  'IDEMPOTENCY_KEY_REUSED',
  'EMAIL_NOT_VERIFIED',
  'INVALID_TWO_FACTOR_CODE',
  'INVALID_ADDRESS',
  'NO_WALLET',
  'INSUFFICIENT_BALANCE',
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_FAILED',
]);

/**
 * A withdrawal from the custodial wallet, exactly once per (user, route, Idempotency-Key) within
 * 24 h: the key's record is the claim, so a retried request returns the first transfer instead of
 * sending another, even when both arrive at once; the same key with another body answers 422.
 */
export const withdraw = async (
  deps: WithdrawalDeps,
  user: User,
  input: WithdrawalInput,
): Promise<Result<TransactionRecord, WithdrawError>> => {
  const now = deps.clock.now();
  const reuseAfter = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const amount = parseTrxAmount(input.amount, { field: 'amount', maxSun: MAX_WITHDRAWAL_SUN });
  if (!amount.ok) return amount;
  const requestFingerprint = withdrawalFingerprint(input.toAddress, amount.value);
  const scopedKey =
    input.idempotencyKey === null ? null : `${WITHDRAWAL_IDEMPOTENCY_SCOPE} ${input.idempotencyKey}`;
  const earlier = async (): Promise<WithdrawalRecord | null> => {
    if (scopedKey === null) return null;
    const existing = await deps.store.withdrawals.find(user.id, scopedKey);
    return existing && existing.createdAt.getTime() >= reuseAfter.getTime() ? existing : null;
  };
  const existing = await earlier();
  if (existing) return replay(deps, existing, requestFingerprint);

  // After the replay: a withdrawal accepted earlier under this key still answers as it did.
  const verified = checkEmailVerified(deps, user);
  if (!verified.ok) return verified;
  const twoFactor = await checkTwoFactor(deps, user, input.twoFactorCode);
  if (!twoFactor.ok) return twoFactor;
  const wallet = checkWithdrawalRecipient(deps.chain, user, input.toAddress);
  if (!wallet.ok) return wallet;
  const request = { fromAddress: wallet.value.address, toAddress: input.toAddress, amountSun: amount.value };
  const recordId = deps.ids.newId();
  const transfer = { kind: 'withdrawal', withdrawalId: recordId } as const;
  const balance = await reserveOutgoing(deps, transfer, request);
  if (!balance.reserved) {
    // A request racing its own retry: the winner's record answers, not the balance it used.
    const raced = await earlier();
    if (raced) return replay(deps, raced, requestFingerprint);
    return err(
      domainError('INSUFFICIENT_BALANCE', 'Insufficient wallet balance', {
        userBalance: sunToTrx(balance.availableSun),
        ...balanceErrorData(balance),
      }),
    );
  }
  // This attempt's reservation is its own (keyed by its record id): free it at once when the
  // attempt never claims; a claimed one is freed when its transfer settles.
  const releaseUnclaimed = () =>
    deps.store.walletReservations.release(request.fromAddress, outgoingReservationKey(transfer));

  const sealedKey = wallet.value.encryptedPrivateKey;
  let claimed = false;
  let winner: WithdrawalRecord | null = null;
  let sent: Result<SentTransfer, SendTransferError<LostWithdrawalClaimError>>;
  try {
    sent = await sendClaimedTransfer(deps, {
      request,
      privateKey: await deps.vault.open(sealedKey, user.id),
      claim: async (claim) => {
        const outcome = await deps.store.withdrawals.claim(
          {
            id: recordId,
            userId: user.id,
            key: scopedKey ?? recordId,
            requestFingerprint,
            claim,
            createdAt: now,
          },
          reuseAfter,
          [recordEvents(deps.ids, now).withdrawalSent(user.id, recordId, claim)],
        );
        claimed = outcome.claimed;
        if (!outcome.claimed) winner = outcome.existing;
        return outcome.claimed;
      },
      lostClaim: async (): Promise<LostWithdrawalClaimError> =>
        domainError('PAYMENT_IN_PROGRESS', 'A withdrawal with this Idempotency-Key is in progress'),
      // The transaction shares the withdrawal record's id, so settling one finds the other.
      record: (claim) =>
        recordOfClaim(claim, { id: recordId, userId: user.id, orderId: null, type: 'withdrawal' }, now),
      markRecorded: () => deps.store.withdrawals.markRecorded(recordId),
    });
  } catch (error) {
    if (!claimed) await releaseUnclaimed();
    throw error;
  }
  if (!claimed) await releaseUnclaimed();
  const lostTo: WithdrawalRecord | null = winner;
  if (!sent.ok && lostTo) return replay(deps, lostTo, requestFingerprint);
  return sent.ok ? ok(sent.value.transaction) : sent;
};

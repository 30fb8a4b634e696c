import type { components } from '@trx-shop/client';

export type LedgerMovement = components['schemas']['LedgerMovement'];
export type MovementType = LedgerMovement['type'];
export type MovementStatus = LedgerMovement['status'];

/** Every movement type in words; a Record, so a type the API adds cannot be left out. */
export const MOVEMENT_TYPE_WORDS: Readonly<Record<MovementType, string>> = {
  purchase: 'Purchase',
  refund: 'Refund',
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  fee: 'Network fee',
};

export const MOVEMENT_STATUS_WORDS: Readonly<Record<MovementStatus, string>> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  failed: 'Failed',
};

export const MOVEMENT_TYPES = Object.keys(MOVEMENT_TYPE_WORDS) as MovementType[];
export const MOVEMENT_STATUSES = Object.keys(MOVEMENT_STATUS_WORDS) as MovementStatus[];

export const isMovementType = (value: string | null): value is MovementType =>
  value !== null && Object.hasOwn(MOVEMENT_TYPE_WORDS, value);

export const isMovementStatus = (value: string | null): value is MovementStatus =>
  value !== null && Object.hasOwn(MOVEMENT_STATUS_WORDS, value);

/** The first and last characters of a transaction hash, enough to tell rows apart at a glance. */
export const shortHash = (hash: string): string =>
  hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;

type FailureReason = NonNullable<LedgerMovement['failureReason']>;

/** Why a transfer failed, as the API's document words it. */
export const FAILURE_REASON_WORDS: Readonly<Record<FailureReason, string>> = {
  INSUFFICIENT_BALANCE: 'the sending wallet could not cover the amount and the network fee',
  EXPIRED: 'the transaction expired before it was included in a block',
  FAILED_ON_CHAIN: 'the transfer failed on chain',
  BROADCAST_REJECTED: 'the network rejected the transfer',
};

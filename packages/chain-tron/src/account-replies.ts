import type { Sun } from '@trx-shop/domain';
import { integerField, isRecord, MalformedReplyError } from './node-replies.js';
import type { SenderBandwidth } from './transfer-fee.js';

const asRecord = (reply: unknown, what: string) => {
  if (!isRecord(reply)) throw new MalformedReplyError(`${what} is not an object`);
  return reply;
};

/** `wallet[solidity]/getaccount`: `{}` for an account that does not exist (never activated). */
export const balanceOfAccountReply = (reply: unknown): Sun =>
  integerField(asRecord(reply, 'account'), 'balance') ?? 0;

/** An account exists once a transfer activated it; java-tron answers `{}` otherwise. */
export const accountExists = (reply: unknown): boolean => Object.keys(asRecord(reply, 'account')).length > 0;

/**
 * `wallet/getaccountresource`: java-tron applies the linear 24 h recovery before answering, so
 * limit minus used is what the next transaction can draw on. Absent fields are zero (java-tron
 * omits defaults; an account that does not exist answers `{}`).
 */
export const bandwidthOfResourceReply = (reply: unknown): SenderBandwidth => {
  const resources = asRecord(reply, 'account resources');
  const field = (name: string) => integerField(resources, name) ?? 0;
  return {
    freeBytesLeft: Math.max(0, field('freeNetLimit') - field('freeNetUsed')),
    stakedBytesLeft: Math.max(0, field('NetLimit') - field('NetUsed')),
  };
};

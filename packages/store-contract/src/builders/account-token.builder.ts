import type { AccountToken } from '@trx-shop/domain';
import { BUILDER_NOW } from './fixed-time.js';
import { newObjectId } from './object-id.js';

let tokenSerial = 0;

/** A password-reset token record valid 30 minutes from BUILDER_NOW, with a unique hash. */
export const buildAccountToken = (overrides: Partial<AccountToken> = {}): AccountToken => {
  tokenSerial += 1;
  const createdAt = overrides.createdAt ?? BUILDER_NOW;
  return {
    id: newObjectId(),
    userId: newObjectId(),
    kind: 'password-reset',
    tokenHash: `${tokenSerial.toString(16).padStart(8, '0')}${newObjectId()}`.padEnd(64, '0'),
    email: `user${tokenSerial}@example.com`,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
    ...overrides,
  };
};

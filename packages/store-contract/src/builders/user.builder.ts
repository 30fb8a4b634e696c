import type { User } from '@trx-shop/domain';
import { BUILDER_NOW } from './fixed-time.js';
import { newObjectId } from './object-id.js';

let userSerial = 0;

export const buildUser = (overrides: Partial<User> = {}): User => {
  userSerial += 1;
  const id = overrides.id ?? newObjectId();
  const createdAt = overrides.createdAt ?? BUILDER_NOW;
  return {
    id,
    email: `user${userSerial}-${id.slice(-6)}@example.com`,
    username: `user${userSerial}_${id.slice(-6)}`,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g',
    role: 'user',
    wallet: {
      address: `T${id.slice(0, 24).padEnd(33, 'x')}`,
      encryptedPrivateKey: null,
      externalAddress: null,
    },
    phone: null,
    country: null,
    twoFactor: { enabled: false, encryptedSecret: null, lastAcceptedStep: null },
    isActive: true,
    emailVerified: true,
    lastLogin: createdAt,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
};

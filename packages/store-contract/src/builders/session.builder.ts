import type { Session } from '@trx-shop/domain';
import { BUILDER_NOW } from './fixed-time.js';
import { newObjectId } from './object-id.js';

export const buildSession = (overrides: Partial<Session> = {}): Session => {
  const createdAt = overrides.createdAt ?? BUILDER_NOW;
  return {
    id: newObjectId(),
    userId: newObjectId(),
    device: 'Firefox on Linux',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
    ipAddress: '203.0.113.7',
    refreshTokenId: newObjectId(),
    createdAt,
    lastActive: createdAt,
    isActive: true,
    ...overrides,
  };
};

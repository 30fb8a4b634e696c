import type { AccountTokenKind, AccountTokenStore } from '@trx-shop/domain';
import type { Tables } from './tables.js';

const keyOf = (kind: AccountTokenKind, userId: string) => `${kind}\u0000${userId}`;

export const createMemoryAccountTokenStore = ({
  accountTokens,
}: Pick<Tables, 'accountTokens'>): AccountTokenStore => ({
  async replace(token) {
    accountTokens.set(keyOf(token.kind, token.userId), token);
  },
  async consume(kind, tokenHash, now) {
    for (const [key, token] of accountTokens) {
      if (token.kind !== kind || token.tokenHash !== tokenHash) continue;
      if (token.expiresAt.getTime() <= now.getTime()) return null;
      accountTokens.delete(key);
      return token;
    }
    return null;
  },
  async findByUser(userId, kind) {
    return accountTokens.get(keyOf(kind, userId)) ?? null;
  },
});

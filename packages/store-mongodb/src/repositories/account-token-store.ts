import type { AccountToken, AccountTokenKind, AccountTokenStore } from '@trx-shop/domain';
import type { ShopCollections } from '../collections.js';
import type { AccountTokenDocument } from '../documents.js';
import { isDuplicateKey } from '../duplicate-key.js';

const idOf = (kind: AccountTokenKind, userId: string) => `${kind}:${userId}`;

const tokenFromDocument = ({ _id, ...token }: AccountTokenDocument): AccountToken => token;

export const createMongoAccountTokenStore = ({
  accountTokens,
}: Pick<ShopCollections, 'accountTokens'>): AccountTokenStore => {
  const upsert = (token: AccountToken) =>
    accountTokens.replaceOne({ _id: idOf(token.kind, token.userId) }, { ...token }, { upsert: true });
  return {
    async replace(token) {
      // Two upserts of one new `_id` can race to insert it; the loser replaces the winner's.
      await upsert(token).catch(async (error: unknown) => {
        if (!isDuplicateKey(error)) throw error;
        await upsert(token);
      });
    },
    async consume(kind, tokenHash, now) {
      // One single-document delete: of two callers presenting one token, one gets it.
      const document = await accountTokens.findOneAndDelete({ tokenHash, kind, expiresAt: { $gt: now } });
      return document ? tokenFromDocument(document) : null;
    },
    async findByUser(userId, kind) {
      const document = await accountTokens.findOne({ _id: idOf(kind, userId) });
      return document ? tokenFromDocument(document) : null;
    },
  };
};

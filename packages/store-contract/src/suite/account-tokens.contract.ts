import { describe, expect, it } from 'vitest';
import { buildAccountToken } from '../builders/account-token.builder.js';
import { BUILDER_NOW } from '../builders/fixed-time.js';
import { newObjectId } from '../builders/object-id.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const RACE_TIMEOUT_MS = 120_000;
const at = (ms: number) => new Date(BUILDER_NOW.getTime() + ms);

/** Mailed reset and verification tokens (docs/decisions.md, "Mailed tokens"). */
export const describeAccountTokenContract = (harness: ContractHarness): void => {
  describe('account tokens', () => {
    const store = useFreshStore(harness);

    it('consumes a live token once: the first call answers it, every later one null', async () => {
      const tokens = store().accountTokens;
      const token = buildAccountToken();
      await tokens.replace(token);
      expect(await tokens.findByUser(token.userId, 'password-reset')).toEqual(token);
      expect(await tokens.consume('password-reset', token.tokenHash, at(1_000))).toEqual(token);
      expect(await tokens.consume('password-reset', token.tokenHash, at(1_000))).toBeNull();
      expect(await tokens.findByUser(token.userId, 'password-reset')).toBeNull();
    });

    it('never consumes a token at or after its expiry', async () => {
      const tokens = store().accountTokens;
      const token = buildAccountToken({ expiresAt: at(60_000) });
      await tokens.replace(token);
      expect(await tokens.consume('password-reset', token.tokenHash, at(60_000))).toBeNull();
      expect(await tokens.consume('password-reset', token.tokenHash, at(59_999))).toEqual(token);
    });

    it('keeps one live token per account and kind: a newer one voids the older at once', async () => {
      const tokens = store().accountTokens;
      const userId = newObjectId();
      const older = buildAccountToken({ userId });
      const newer = buildAccountToken({ userId, createdAt: at(5_000) });
      const verification = buildAccountToken({ userId, kind: 'email-verification' });
      const otherUsers = buildAccountToken();
      for (const token of [older, verification, otherUsers, newer]) await tokens.replace(token);
      expect(await tokens.consume('password-reset', older.tokenHash, at(6_000))).toBeNull();
      expect(await tokens.findByUser(userId, 'email-verification')).toEqual(verification);
      expect(await tokens.consume('password-reset', otherUsers.tokenHash, at(6_000))).toEqual(otherUsers);
      expect(await tokens.consume('password-reset', newer.tokenHash, at(6_000))).toEqual(newer);
    });

    it('consumes a token only as its own kind', async () => {
      const tokens = store().accountTokens;
      const token = buildAccountToken({ kind: 'email-verification' });
      await tokens.replace(token);
      expect(await tokens.consume('password-reset', token.tokenHash, at(0))).toBeNull();
      expect(await tokens.consume('email-verification', token.tokenHash, at(0))).toEqual(token);
    });

    it(
      'gives one token to exactly one of 20 concurrent consumers on separate connections',
      async () => {
        const token = buildAccountToken();
        await store().accountTokens.replace(token);
        const outcomes = await harness.race(
          store(),
          'consumeAccountToken',
          Array.from({ length: 20 }, () => ({
            kind: token.kind,
            tokenHash: token.tokenHash,
            now: at(1_000),
          })),
        );
        expect(outcomes.filter((outcome) => outcome === token.id)).toHaveLength(1);
        expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(19);
      },
      RACE_TIMEOUT_MS,
    );

    it(
      'leaves exactly one live token when 10 replace it at once on separate connections',
      async () => {
        const userId = newObjectId();
        const issued = Array.from({ length: 10 }, (_, index) =>
          buildAccountToken({ userId, createdAt: at(index) }),
        );
        await harness.race(store(), 'replaceAccountToken', issued);
        const live = await store().accountTokens.findByUser(userId, 'password-reset');
        expect(issued).toContainEqual(live);
        const consumed = await Promise.all(
          issued.map((token) => store().accountTokens.consume('password-reset', token.tokenHash, at(1_000))),
        );
        expect(consumed.filter((token) => token !== null)).toEqual([live]);
      },
      RACE_TIMEOUT_MS,
    );
  });
};

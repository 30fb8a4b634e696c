import type { MailboxEntry, MailMessage } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { BUILDER_NOW } from '../builders/fixed-time.js';
import { buildMailAttempt, buildMailboxEntry, buildMailMessage } from '../builders/mail.builder.js';
import { newObjectId } from '../builders/object-id.js';
import type { ContractHarness } from '../harness.js';
import { useFreshStore } from './use-store.js';

const RACE_TIMEOUT_MS = 120_000;
/** Odd milliseconds on purpose: every stored date must come back to the millisecond. */
const at = (ms: number) => new Date(BUILDER_NOW.getTime() + 123 + ms);
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const ids = (messages: readonly MailMessage[]) => messages.map((message) => message.id);

/** The mail queue every instance sends from, and the embedded default's local mailbox. */
export const describeMailContract = (harness: ContractHarness): void => {
  describe('mail queue', () => {
    const store = useFreshStore(harness);
    const holder = 'instance-a';

    it('enqueues each id once, answering how many were new, and reads messages back exactly', async () => {
      const mail = store().mail;
      const receipt = buildMailMessage({ createdAt: at(0) });
      const noAccount = buildMailMessage({
        template: 'merchant-low-balance',
        userId: null,
        to: 'Ops Désk <ops+alerts@shop.example>',
        sealed: 'sealed:ünïcödé \u0000 "quoted"',
        createdAt: at(1),
      });
      const sentEarlier = buildMailMessage({
        template: 'password-reset',
        status: 'sent',
        attempts: [
          buildMailAttempt({ attempt: 1, at: at(-9_000) }),
          buildMailAttempt({ attempt: 2, at: at(-4_000), latencyMs: 0, error: null }),
        ],
        roundAttempts: 2,
        nextAttemptAt: null,
        createdAt: at(-10_000),
        sentAt: at(-4_000),
      });
      const claimed = buildMailMessage({ claim: { holder: 'instance-b', until: at(30_000), attempt: 1 } });
      expect(await mail.enqueue([receipt, noAccount, sentEarlier, claimed])).toBe(4);
      for (const message of [receipt, noAccount, sentEarlier, claimed]) {
        expect(await mail.findMessage(message.id)).toEqual(message);
      }

      // The same id again (the event relayed twice, or queued by another instance) is skipped
      // whatever else it says; the first one stays.
      const again = { ...receipt, to: 'someone-else@example.com', sealed: 'sealed:other', createdAt: at(5) };
      const fresh = buildMailMessage({ createdAt: at(5) });
      const freshTwin = { ...fresh, createdAt: at(6) };
      expect(await mail.enqueue([again, fresh, freshTwin])).toBe(1);
      expect(await mail.findMessage(receipt.id)).toEqual(receipt);
      expect(await mail.findMessage(fresh.id)).toEqual(fresh);
      expect(await mail.enqueue([])).toBe(0);
      expect(await mail.enqueue([receipt, noAccount])).toBe(0);
      expect(await mail.findMessage(`${newObjectId()}:order-paid:${newObjectId()}`)).toBeNull();
    });

    it('claims only pending, due messages no live claim holds, oldest due first, each for its next attempt', async () => {
      const mail = store().mail;
      const now = at(60_000);
      const until = at(90_000);
      const due = (nextAttemptAt: Date, overrides: Partial<MailMessage> = {}) =>
        buildMailMessage({ nextAttemptAt, ...overrides });
      const retried = due(at(-5_000), {
        attempts: [
          buildMailAttempt({ attempt: 1, at: at(-50_000) }),
          buildMailAttempt({ attempt: 2, at: at(-20_000), error: 'connect ECONNREFUSED 127.0.0.1:25' }),
        ],
        roundAttempts: 2,
      });
      const expiredClaim = due(at(-1_000), { claim: { holder: 'instance-b', until: now, attempt: 1 } });
      const dueNow = due(now);
      const oldest = due(at(-10_000));
      const claimable = [oldest, retried, expiredClaim, dueNow];
      const unclaimable = [
        due(at(60_001)),
        due(at(-30_000), { claim: { holder: 'instance-b', until: at(60_001), attempt: 1 } }),
        buildMailMessage({ status: 'sent', nextAttemptAt: null, sentAt: at(-1) }),
        buildMailMessage({ status: 'failed', nextAttemptAt: null }),
        // A finished message whose date was left behind is still not pending.
        due(at(-40_000), { status: 'sent', sentAt: at(-39_000) }),
        due(at(-40_000), { status: 'failed' }),
      ];
      expect(await mail.enqueue([...unclaimable, ...claimable])).toBe(10);

      const claimOf = (message: MailMessage): MailMessage => ({
        ...message,
        claim: { holder, until, attempt: message.attempts.length + 1 },
      });
      const expected = claimable.map(claimOf);
      expect(await mail.claimDue(now, holder, until, 10)).toEqual(expected);
      for (const message of expected) expect(await mail.findMessage(message.id)).toEqual(message);
      for (const message of unclaimable) expect(await mail.findMessage(message.id)).toEqual(message);
      expect(await mail.claimDue(now, 'instance-c', at(99_000), 10)).toEqual([]);
    });

    it('claims at most the limit, and lets another holder take a claim over once it has expired', async () => {
      const mail = store().mail;
      const messages = [at(-3), at(-2), at(-1)].map((nextAttemptAt) => buildMailMessage({ nextAttemptAt }));
      await mail.enqueue(messages);
      const [a, b, c] = ids(messages);
      expect(ids(await mail.claimDue(at(0), holder, at(1_000), 2))).toEqual([a, b]);
      expect(ids(await mail.claimDue(at(0), 'instance-b', at(1_000), 2))).toEqual([c]);
      // Live until the instant it ends: not yet at 999 ms, free at 1,000.
      expect(await mail.claimDue(at(999), 'instance-c', at(2_000), 5)).toEqual([]);
      expect(await mail.claimDue(at(1_000), 'instance-c', at(2_000), 0)).toEqual([]);
      const takenOver = await mail.claimDue(at(1_000), 'instance-c', at(2_000), 5);
      expect(ids(takenOver)).toEqual([a, b, c]);
      for (const message of takenOver) {
        expect(message.claim).toEqual({ holder: 'instance-c', until: at(2_000), attempt: 1 });
        expect(await mail.findMessage(message.id)).toEqual(message);
      }
    });

    it('records an attempt only for the holder of the claim on that attempt, sets sentAt when sent, and drops the claim', async () => {
      const mail = store().mail;
      const message = buildMailMessage({ nextAttemptAt: at(0) });
      await mail.enqueue([message]);
      const [claimed] = await mail.claimDue(at(0), holder, at(30_000), 1);
      if (!claimed) throw new Error('nothing claimed');

      const failed = buildMailAttempt({ attempt: 1, at: at(10), latencyMs: 30_000, error: 'timed out' });
      const retry = { attempt: failed, status: 'pending' as const, nextAttemptAt: at(60_000) };
      expect(await mail.recordAttempt(message.id, 'instance-b', retry)).toBe(false);
      expect(
        await mail.recordAttempt(message.id, holder, { ...retry, attempt: { ...failed, attempt: 2 } }),
      ).toBe(false);
      expect(await mail.recordAttempt(`${message.id}x`, holder, retry)).toBe(false);
      expect(await mail.findMessage(message.id)).toEqual(claimed);

      expect(await mail.recordAttempt(message.id, holder, retry)).toBe(true);
      const retrying: MailMessage = {
        ...message,
        attempts: [failed],
        roundAttempts: 1,
        nextAttemptAt: at(60_000),
        claim: null,
      };
      expect(await mail.findMessage(message.id)).toEqual(retrying);
      // Recorded once: the claim is gone.
      expect(await mail.recordAttempt(message.id, holder, retry)).toBe(false);
      expect(await mail.findMessage(message.id)).toEqual(retrying);

      const [second] = await mail.claimDue(at(60_000), holder, at(90_000), 1);
      expect(second).toEqual({ ...retrying, claim: { holder, until: at(90_000), attempt: 2 } });
      const accepted = buildMailAttempt({ attempt: 2, at: at(60_100), latencyMs: 85, error: null });
      expect(
        await mail.recordAttempt(message.id, holder, {
          attempt: accepted,
          status: 'sent',
          nextAttemptAt: null,
        }),
      ).toBe(true);
      const sent: MailMessage = {
        ...retrying,
        status: 'sent',
        attempts: [failed, accepted],
        roundAttempts: 2,
        nextAttemptAt: null,
        sentAt: accepted.at,
      };
      expect(await mail.findMessage(message.id)).toEqual(sent);
      // Sent is final: nothing claims it again.
      expect(await mail.claimDue(at(999_999), holder, at(1_000_000), 10)).toEqual([]);
    });

    it('lets only the instance that took over an expired claim record the attempt', async () => {
      const mail = store().mail;
      const message = buildMailMessage({ nextAttemptAt: at(0) });
      await mail.enqueue([message]);
      await mail.claimDue(at(0), 'slow', at(30_000), 1);
      const [takenOver] = await mail.claimDue(at(30_000), 'fast', at(60_000), 1);
      expect(takenOver?.claim).toEqual({ holder: 'fast', until: at(60_000), attempt: 1 });
      const outcome = {
        attempt: buildMailAttempt({ attempt: 1, at: at(31_000), error: null }),
        status: 'sent' as const,
        nextAttemptAt: null,
      };
      expect(await mail.recordAttempt(message.id, 'slow', outcome)).toBe(false);
      expect(await mail.findMessage(message.id)).toEqual(takenOver);
      expect(await mail.recordAttempt(message.id, 'fast', outcome)).toBe(true);
      expect(await mail.findMessage(message.id)).toEqual({
        ...message,
        status: 'sent',
        attempts: [outcome.attempt],
        roundAttempts: 1,
        nextAttemptAt: null,
        claim: null,
        sentAt: at(31_000),
      });
    });

    it('requeues only a failed message, for a new round at a time that counts on from its attempts', async () => {
      const mail = store().mail;
      const message = buildMailMessage({ nextAttemptAt: at(0) });
      const sent = buildMailMessage({ status: 'sent', nextAttemptAt: null, sentAt: at(-1) });
      const pending = buildMailMessage({
        nextAttemptAt: at(0),
        claim: { holder: 'instance-b', until: at(30_000), attempt: 1 },
      });
      await mail.enqueue([message, sent, pending]);
      await mail.claimDue(at(0), holder, at(30_000), 1);
      const refused = buildMailAttempt({ attempt: 1, at: at(5), error: '550 5.1.1 mailbox unavailable' });
      expect(
        await mail.recordAttempt(message.id, holder, {
          attempt: refused,
          status: 'failed',
          nextAttemptAt: null,
        }),
      ).toBe(true);
      const failed: MailMessage = {
        ...message,
        status: 'failed',
        attempts: [refused],
        roundAttempts: 1,
        nextAttemptAt: null,
      };
      expect(await mail.findMessage(message.id)).toEqual(failed);
      // Failed is final until an admin requeues it (the pending one's claim is still live).
      expect(await mail.claimDue(at(29_999), holder, at(60_000), 10)).toEqual([]);

      // A sent one must never go twice; a pending one is queued already (its claim stays live).
      expect(await mail.requeue(sent.id, at(10_000))).toBeNull();
      expect(await mail.requeue(pending.id, at(10_000))).toBeNull();
      expect(await mail.requeue(`${message.id}x`, at(10_000))).toBeNull();
      expect(await mail.findMessage(sent.id)).toEqual(sent);
      expect(await mail.findMessage(pending.id)).toEqual(pending);

      const requeued: MailMessage = {
        ...failed,
        status: 'pending',
        roundAttempts: 0,
        nextAttemptAt: at(10_000),
      };
      expect(await mail.requeue(message.id, at(10_000))).toEqual(requeued);
      expect(await mail.findMessage(message.id)).toEqual(requeued);
      expect(await mail.requeue(message.id, at(20_000))).toBeNull();
      expect(await mail.claimDue(at(9_999), holder, at(40_000), 5)).toEqual([]);
      const [again] = await mail.claimDue(at(10_000), holder, at(40_000), 5);
      expect(again).toEqual({ ...requeued, claim: { holder, until: at(40_000), attempt: 2 } });
    });

    it('lists messages newest first, ties by id descending, of one status or all, one page at a time', async () => {
      const mail = store().mail;
      const tied = [
        buildMailMessage({ createdAt: at(2_000) }),
        buildMailMessage({ createdAt: at(2_000), status: 'failed', nextAttemptAt: null }),
      ];
      const [tieHigh, tieLow] = [...tied].sort(byId).reverse() as MailMessage[];
      const newest = buildMailMessage({
        createdAt: at(3_000),
        status: 'sent',
        nextAttemptAt: null,
        sentAt: at(3_001),
      });
      const middle = buildMailMessage({ createdAt: at(1_000), status: 'failed', nextAttemptAt: null });
      const oldest = buildMailMessage({ createdAt: at(0) });
      await mail.enqueue([middle, ...tied, oldest, newest]);

      expect(await mail.listMessages({}, { limit: 2, page: 1 })).toEqual({
        items: [newest, tieHigh],
        total: 5,
        page: 1,
        limit: 2,
        pages: 3,
      });
      expect(await mail.listMessages({}, { limit: 2, page: 2 })).toEqual({
        items: [tieLow, middle],
        total: 5,
        page: 2,
        limit: 2,
        pages: 3,
      });
      expect(await mail.listMessages({}, { limit: 2, page: 3 })).toMatchObject({ items: [oldest], total: 5 });
      expect(await mail.listMessages({}, { limit: 2, page: 4 })).toMatchObject({
        items: [],
        total: 5,
        pages: 3,
      });

      const failedOnes = [...tied.filter((message) => message.status === 'failed'), middle];
      expect(await mail.listMessages({ status: 'failed' }, { limit: 10, page: 1 })).toEqual({
        items: failedOnes,
        total: 2,
        page: 1,
        limit: 10,
        pages: 1,
      });
      const pendingOnes = [...tied.filter((message) => message.status === 'pending'), oldest];
      expect(await mail.listMessages({ status: 'pending' }, { limit: 1, page: 2 })).toEqual({
        items: [oldest],
        total: 2,
        page: 2,
        limit: 1,
        pages: 2,
      });
      expect((await mail.listMessages({ status: 'pending' }, { limit: 10, page: 1 })).items).toEqual(
        pendingOnes,
      );
      expect(await mail.listMessages({ status: 'sent' }, { limit: 10, page: 1 })).toMatchObject({
        items: [newest],
        total: 1,
      });
    });

    it('answers an empty page for an empty queue', async () => {
      expect(await store().mail.listMessages({}, { limit: 10, page: 1 })).toEqual({
        items: [],
        total: 0,
        page: 1,
        limit: 10,
        pages: 0,
      });
    });

    it(
      'gives each of 40 due messages to exactly one of 12 concurrent claimers on separate connections',
      async () => {
        const messages = Array.from({ length: 40 }, (_, index) =>
          buildMailMessage({ nextAttemptAt: at(-index * 10) }),
        );
        await store().mail.enqueue(messages);
        const holders = Array.from({ length: 12 }, (_, index) => `instance-${index}`);
        const claims = await harness.race(
          store(),
          'claimMailMessages',
          holders.map((racer) => ({ now: at(0), holder: racer, until: at(30_000), limit: 5 })),
        );
        for (const claimed of claims) expect(claimed.length).toBeLessThanOrEqual(5);
        expect(claims.flat().sort()).toEqual(ids(messages).sort());
        for (const [index, claimed] of claims.entries()) {
          for (const id of claimed) {
            expect((await store().mail.findMessage(id))?.claim).toEqual({
              holder: holders[index],
              until: at(30_000),
              attempt: 1,
            });
          }
        }
      },
      RACE_TIMEOUT_MS,
    );

    it(
      'stores each message once and counts it new once when 6 instances enqueue the same mail at once',
      async () => {
        const messages = Array.from({ length: 20 }, (_, index) => buildMailMessage({ createdAt: at(index) }));
        // Each instance queues the lot in its own order, so the races fall on different messages.
        const batches = Array.from({ length: 6 }, (_, racer) =>
          racer % 2 === 0 ? messages : [...messages].reverse(),
        );
        const added = await harness.race(store(), 'enqueueMail', batches);
        expect(added.reduce((sum, count) => sum + count, 0)).toBe(messages.length);
        for (const message of messages) expect(await store().mail.findMessage(message.id)).toEqual(message);
        expect(await store().mail.listMessages({}, { limit: 100, page: 1 })).toMatchObject({
          total: messages.length,
        });
      },
      RACE_TIMEOUT_MS,
    );
  });

  describe('mailbox', () => {
    const store = useFreshStore(harness);

    it('keeps a mail exactly and finds it by its message id; null for an unknown one', async () => {
      const mailbox = store().mailbox;
      const entry = buildMailboxEntry({ deliveredAt: at(0) });
      await mailbox.deliver(entry);
      expect(await mailbox.find(entry.messageId)).toEqual(entry);
      expect(await mailbox.find(buildMailboxEntry().messageId)).toBeNull();
    });

    it('keeps a message id once: delivering it again (a repeated attempt) changes nothing', async () => {
      const mailbox = store().mailbox;
      const entry = buildMailboxEntry({ deliveredAt: at(0) });
      await mailbox.deliver(entry);
      await mailbox.deliver({ ...entry, subject: 'Another subject', deliveredAt: at(5_000) });
      await mailbox.deliver(entry);
      expect(await mailbox.find(entry.messageId)).toEqual(entry);
      expect(await mailbox.list({ limit: 10, page: 1 })).toEqual({
        items: [entry],
        total: 1,
        page: 1,
        limit: 10,
        pages: 1,
      });
    });

    it('lists the mailbox newest first, ties by message id descending, one page at a time', async () => {
      const mailbox = store().mailbox;
      const tied = [
        buildMailboxEntry({ deliveredAt: at(2_000) }),
        buildMailboxEntry({ deliveredAt: at(2_000) }),
      ];
      const [tieHigh, tieLow] = [...tied].sort((a, b) =>
        a.messageId < b.messageId ? 1 : a.messageId > b.messageId ? -1 : 0,
      ) as MailboxEntry[];
      const newest = buildMailboxEntry({ to: 'admin@shop.example', deliveredAt: at(3_000) });
      const oldest = buildMailboxEntry({ deliveredAt: at(0) });
      for (const entry of [tied[0], oldest, newest, tied[1]] as MailboxEntry[]) await mailbox.deliver(entry);
      expect(await mailbox.list({ limit: 2, page: 1 })).toEqual({
        items: [newest, tieHigh],
        total: 4,
        page: 1,
        limit: 2,
        pages: 2,
      });
      expect(await mailbox.list({ limit: 2, page: 2 })).toEqual({
        items: [tieLow, oldest],
        total: 4,
        page: 2,
        limit: 2,
        pages: 2,
      });
      expect(await mailbox.list({ limit: 2, page: 3 })).toMatchObject({ items: [], total: 4, pages: 2 });
    });

    it('answers an empty page for an empty mailbox', async () => {
      expect(await store().mailbox.list({ limit: 10, page: 1 })).toEqual({
        items: [],
        total: 0,
        page: 1,
        limit: 10,
        pages: 0,
      });
    });
  });
};

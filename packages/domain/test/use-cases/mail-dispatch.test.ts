import {
  attemptClaimedMail,
  claimMail,
  dispatchMail,
  type KeyVault,
  type Logger,
  type MailContent,
  type MailDeps,
  type Mailer,
  type MailerOutcome,
  type MailPolicy,
  type MailRecipient,
  newMailMessage,
  type OutgoingMail,
  renderMail,
  type ShopStore,
} from '@trx-shop/domain';
import { createMemoryStore } from '@trx-shop/store-memory';
import { describe, expect, it } from 'vitest';

/*
 * Sending queued mail (docs/operations.md, "Email"): a due message is claimed by one instance,
 * opened, rendered and handed to the mailer with its stable id; a temporary failure is retried
 * on the schedule, a permanent one fails it at once.
 */

const START = new Date('2026-06-01T12:00:00.000Z');
/** 10 s, 1 min: three attempts in all. */
const POLICY: MailPolicy = { retrySchedule: [10_000, 60_000] };
const CLAIM_MS = 30_000;
const SHOP = { name: 'Test Shop', publicUrl: 'https://shop.example' };
const ANN: MailRecipient = { userId: 'u1', username: 'ann', email: 'ann@example.com' };

/** Sealed for one owner only, as the real vault is. */
const vault: KeyVault = {
  seal: async (plaintext, ownerId) => `sealed:${ownerId}:${Buffer.from(plaintext).toString('base64')}`,
  open: async (sealed, ownerId) => {
    const prefix = `sealed:${ownerId}:`;
    if (!sealed.startsWith(prefix)) throw new Error('sealed for another owner');
    return Buffer.from(sealed.slice(prefix.length), 'base64').toString();
  },
  needsRotation: () => false,
};

const createMailWorld = () => {
  const store: ShopStore = createMemoryStore();
  let now = START;
  const sent: OutgoingMail[] = [];
  const scripted: MailerOutcome[] = [];
  const mailer: Mailer = {
    send: async (mail) => {
      sent.push(mail);
      await new Promise((resolve) => setImmediate(resolve));
      return scripted.shift() ?? { ok: true };
    },
  };
  const logger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
  const deps: MailDeps = { store, mailer, vault, clock: { now: () => now }, logger, shop: SHOP };
  return {
    deps,
    sent,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    /** The mailer answers these, in order, to the next sends (then accepts). */
    answer: (...outcomes: MailerOutcome[]) => void scripted.push(...outcomes),
    queue: async (sourceId: string, content: MailContent, recipient: MailRecipient = ANN) => {
      const message = await newMailMessage(vault, { sourceId, recipient, content }, now);
      expect(await store.mail.enqueue([message])).toBe(1);
      return message;
    },
    dispatch: (holder = 'i1') => dispatchMail(deps, POLICY, { holder, claimMs: CLAIM_MS }, 10),
    message: async (id: string) => store.mail.findMessage(id),
  };
};

const deposit = (amount: number): MailContent => ({
  template: 'deposit-received',
  amount,
  txid: 'ab'.repeat(32),
});
const temporary = (error: string): MailerOutcome => ({ ok: false, permanent: false, error });

describe('dispatchMail', () => {
  it('sends a due message once, rendered from its sealed letter, with its id, and marks it sent', async () => {
    const w = createMailWorld();
    const content = deposit(1_500_001);
    const message = await w.queue('event-1', content);

    expect(await w.dispatch()).toBe(1);
    expect(w.sent).toEqual([{ messageId: message.id, to: ANN.email, ...renderMail(content, ANN, SHOP) }]);
    expect(await w.message(message.id)).toMatchObject({
      status: 'sent',
      sentAt: START,
      nextAttemptAt: null,
      claim: null,
      attempts: [{ attempt: 1, at: START, error: null }],
    });

    // The marker: a later message is sent by the next run, and the sent one is not sent again.
    const later = await w.queue('event-2', deposit(7));
    expect(await w.dispatch()).toBe(1);
    expect(w.sent.map((mail) => mail.messageId)).toEqual([message.id, later.id]);
  });

  it('revives the letter’s dates, so a reset mail renders its expiry after the queue', async () => {
    const w = createMailWorld();
    const content: MailContent = {
      template: 'password-reset',
      token: 'tok-123',
      expiresAt: new Date('2026-06-01T12:30:00.000Z'),
    };
    await w.queue('token-1', content);
    await w.dispatch();
    expect(w.sent[0]?.text).toBe(renderMail(content, ANN, SHOP).text);
  });

  it('retries a temporary failure on the schedule, then sends it exactly once', async () => {
    const w = createMailWorld();
    const message = await w.queue('event-1', deposit(1));
    w.answer(temporary('451 try later'), temporary('connection reset'));

    expect(await w.dispatch()).toBe(1);
    expect(await w.message(message.id)).toMatchObject({
      status: 'pending',
      nextAttemptAt: new Date(START.getTime() + 10_000),
    });
    w.advance(9_999);
    expect(await w.dispatch()).toBe(0);
    w.advance(1);
    expect(await w.dispatch()).toBe(1);
    w.advance(60_000);
    expect(await w.dispatch()).toBe(1);

    const sentOnce = await w.message(message.id);
    expect(sentOnce?.status).toBe('sent');
    expect(sentOnce?.attempts.map((attempt) => attempt.error)).toEqual([
      '451 try later',
      'connection reset',
      null,
    ]);
    expect(w.sent).toHaveLength(3);
    w.advance(3_600_000);
    expect(await w.dispatch()).toBe(0);
  });

  it('fails a message at once on a permanent refusal, and after the schedule on temporary ones', async () => {
    const w = createMailWorld();
    const refused = await w.queue('event-1', deposit(1));
    w.answer({ ok: false, permanent: true, error: '550 no such user' });
    await w.dispatch();
    expect(await w.message(refused.id)).toMatchObject({ status: 'failed', nextAttemptAt: null });

    const flaky = await w.queue('event-2', deposit(2));
    w.answer(temporary('451 a'), temporary('451 b'), temporary('451 c'));
    await w.dispatch();
    w.advance(10_000);
    await w.dispatch();
    w.advance(60_000);
    await w.dispatch();
    const given = await w.message(flaky.id);
    expect(given).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(given?.attempts).toHaveLength(1 + POLICY.retrySchedule.length);
  });

  it('never hands the mailer a letter it cannot open, and retries it', async () => {
    const w = createMailWorld();
    const message = await w.queue('event-1', deposit(1));
    // Sealed for another message's id: the vault refuses it, as a removed master key would.
    const foreign = await newMailMessage(
      vault,
      { sourceId: 'x', recipient: ANN, content: deposit(1) },
      START,
    );
    await w.deps.store.mail.enqueue([{ ...foreign, id: 'other-id' }]);

    await w.dispatch();
    expect(w.sent.map((mail) => mail.messageId)).toEqual([message.id]);
    const stuck = await w.message('other-id');
    expect(stuck?.status).toBe('pending');
    expect(stuck?.attempts[0]?.error).toMatch(/cannot be opened/);
  });

  it('lets only the claim’s holder send an attempt; an expired claim is taken over once', async () => {
    const w = createMailWorld();
    const message = await w.queue('event-1', deposit(1));
    const options = { holder: 'i1', claimMs: CLAIM_MS };
    const claimed = await claimMail(w.deps, options, 10);
    expect(claimed.map((m) => m.id)).toEqual([message.id]);

    // Another instance finds nothing while the claim holds.
    expect(await w.dispatch('i2')).toBe(0);
    // The first instance stalls past its claim; the second takes the message over and sends it.
    w.advance(CLAIM_MS);
    expect(await w.dispatch('i2')).toBe(1);
    // The stalled attempt still sends (the mail may repeat, its Message-ID the same) but cannot record.
    await attemptClaimedMail(w.deps, POLICY, 'i1', claimed);
    expect(w.sent.map((mail) => mail.messageId)).toEqual([message.id, message.id]);
    const recorded = await w.message(message.id);
    expect(recorded?.attempts.map((attempt) => attempt.attempt)).toEqual([1]);
    expect(recorded?.status).toBe('sent');
  });

  it('queues one message per source, template and recipient', async () => {
    const w = createMailWorld();
    const first = await newMailMessage(vault, { sourceId: 'e', recipient: ANN, content: deposit(1) }, START);
    const again = await newMailMessage(vault, { sourceId: 'e', recipient: ANN, content: deposit(1) }, START);
    expect(again.id).toBe(first.id);
    expect(await w.deps.store.mail.enqueue([first, again])).toBe(1);
    expect(first.sealed).not.toContain(ANN.username);
  });
});

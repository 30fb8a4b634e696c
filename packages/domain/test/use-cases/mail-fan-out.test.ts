import {
  accountSecurityEvents,
  MAIL_CURSOR,
  merchantBalanceEvents,
  NO_SUBJECTS,
  orderEvents,
  recordEvents,
  renderMail,
  updateMailPreferences,
  webhookDisabledEvent,
} from '@trx-shop/domain';
import { buildOrderLine, buildOrderRefund, buildShopEvent } from '@trx-shop/store-contract';
import { describe, expect, it } from 'vitest';
import { createMailFanOutWorld, type MailFanOutWorld, SHOP } from '../support/mail-fan-out-world.js';
import { successOf } from '../support/results.js';

/*
 * Mail from the event log (docs/api.md, "Mail from events"): each logged event becomes exactly the
 * mails it means (receipts and security notices to its account, merchant alerts to every admin),
 * each (event, template, recipient) queued once, as the recipients' preferences allow.
 */

const TXID = 'ab'.repeat(32);

/** A shop with one customer and two admins (the first holds the merchant wallet). */
const shopWithPeople = async (w: MailFanOutWorld) => {
  const owner = await w.admin(0, { email: 'owner@shop.example', username: 'owner' });
  const ops = await w.admin(1_000, { email: 'ops@shop.example', username: 'ops' });
  const ann = await w.user({ email: 'ann@example.com', username: 'ann' });
  return { owner, ops, ann };
};

const paidOrder = async (w: MailFanOutWorld, userId: string) => {
  const order = await w.order({
    userId,
    status: 'completed',
    lines: [
      buildOrderLine({ name: 'Blue <Mug>', priceSun: 12_500_000, quantity: 2 }),
      buildOrderLine({ name: 'Tea', priceSun: 3_000_001, quantity: 1 }),
    ],
  });
  const event = orderEvents(w.ids, w.now()).completed(order, { txId: TXID, amountSun: order.totalSun });
  return { order, event };
};

describe('fanOutMail', () => {
  it('starts at the newest event: what was logged before the first run is not mailed', async () => {
    const w = createMailFanOutWorld();
    const { ann } = await shopWithPeople(w);
    const before = accountSecurityEvents(w.ids, w.now(), ann.id).passwordChanged();
    await w.log(before);

    expect(await w.fanOut()).toBe(0);
    expect(await w.store.chainCursors.read(MAIL_CURSOR)).toBe(await w.store.eventLog.newestSequence());
    // The marker: the same kind of event logged after the first run is mailed.
    const after = accountSecurityEvents(w.ids, w.now(), ann.id).passwordChanged();
    await w.log(after);
    expect(await w.fanOut()).toBe(1);
    expect(await w.mailsOf(before)).toEqual([]);
    expect(await w.mailsOf(after)).toEqual(['password-changed -> ann@example.com']);
  });

  it('mails a paid order: the receipt to the customer and the alert to every admin, read from the order', async () => {
    const w = createMailFanOutWorld();
    const { ann } = await shopWithPeople(w);
    const { order, event } = await paidOrder(w, ann.id);
    await w.start();
    await w.log(event);

    expect(await w.fanOut()).toBe(3);
    expect(await w.mailsOf(event)).toEqual([
      'merchant-order-paid -> ops@shop.example',
      'merchant-order-paid -> owner@shop.example',
      'order-paid -> ann@example.com',
    ]);
    const receipt = await w.contentOf(event, 'ann@example.com');
    expect(receipt).toEqual({
      template: 'order-paid',
      orderId: order.id,
      orderNumber: `#TRX-${order.number}`,
      lines: [
        { name: 'Blue <Mug>', quantity: 2, unitPrice: 12_500_000 },
        { name: 'Tea', quantity: 1, unitPrice: 3_000_001 },
      ],
      // 2 x 12.5 + 3.000001 - 0.01 network fee.
      total: 27_990_001,
      txid: TXID,
    });
    const text = renderMail(
      receipt,
      { userId: ann.id, username: 'ann', email: 'ann@example.com' },
      SHOP,
    ).text;
    expect(text).toContain('27.990001 TRX');
    expect(text).toContain('2 × Blue <Mug>');
    expect(text).toContain(TXID);
    expect(await w.contentOf(event, 'ops@shop.example')).toEqual({
      template: 'merchant-order-paid',
      orderId: order.id,
      orderNumber: `#TRX-${order.number}`,
      customer: 'ann (ann@example.com)',
      total: 27_990_001,
      txid: TXID,
    });
  });

  it("mails a confirmed refund with the refund's own amount and reason, read from the order", async () => {
    const w = createMailFanOutWorld();
    const { ann } = await shopWithPeople(w);
    const refund = buildOrderRefund({ amountSun: 1_500_000, reason: 'Arrived broken', state: 'confirmed' });
    const other = buildOrderRefund({ amountSun: 700_000, reason: 'Wrong colour', state: 'confirmed' });
    const order = await w.order({ userId: ann.id, status: 'completed', refunds: [other, refund] });
    const event = orderEvents(w.ids, w.now()).refundConfirmed(order, refund, true);
    await w.start();
    await w.log(event);

    expect(await w.fanOut()).toBe(1);
    const content = await w.contentOf(event, 'ann@example.com');
    expect(content).toEqual({
      template: 'refund-confirmed',
      orderId: order.id,
      orderNumber: `#TRX-${order.number}`,
      amount: 1_500_000,
      reason: 'Arrived broken',
      txid: refund.txId,
    });
    expect(
      renderMail(content, { userId: ann.id, username: 'ann', email: 'ann@example.com' }, SHOP).text,
    ).toContain('Arrived broken');
  });

  it("mails a deposit to the wallet's holder, and none for the merchant wallet's own takings", async () => {
    const w = createMailFanOutWorld();
    const { owner, ann } = await shopWithPeople(w);
    const deposit = await w.line({
      userId: ann.id,
      orderId: null,
      type: 'deposit',
      amountSun: 3_000_001,
      toAddress: ann.wallet.address ?? '',
      status: 'confirmed',
    });
    const takings = await w.line({
      userId: owner.id,
      orderId: null,
      type: 'deposit',
      amountSun: 9_000_000,
      toAddress: owner.wallet.address ?? '',
      status: 'confirmed',
    });
    const events = recordEvents(w.ids, w.now());
    const toAnn = events.depositReceived(deposit);
    const toMerchant = events.depositReceived(takings);
    await w.start();
    await w.log(toMerchant);
    await w.log(toAnn);

    expect(await w.fanOut()).toBe(1);
    expect(await w.mailsOf(toMerchant)).toEqual([]);
    expect(await w.contentOf(toAnn, 'ann@example.com')).toEqual({
      template: 'deposit-received',
      amount: 3_000_001,
      txid: deposit.transactionHash,
    });
  });

  it('mails a confirmed and a failed withdrawal with the amount, the address and the reason', async () => {
    const w = createMailFanOutWorld();
    const { ann } = await shopWithPeople(w);
    const base = {
      userId: ann.id,
      orderId: null,
      type: 'withdrawal',
      toAddress: 'TExternalAddressxxxxxxxxxxxxxxxxxx',
    } as const;
    const confirmed = await w.line({ ...base, amountSun: 5_000_000, status: 'confirmed' });
    const failed = await w.line({
      ...base,
      amountSun: 7_000_000,
      status: 'failed',
      failureReason: 'OUT_OF_ENERGY',
    });
    const events = recordEvents(w.ids, w.now());
    const sent = events.withdrawalSettled(confirmed, 'confirmed');
    const refused = events.withdrawalSettled(failed, 'failed');
    await w.start();
    await w.log(sent);
    await w.log(refused);

    expect(await w.fanOut()).toBe(2);
    expect(await w.contentOf(sent, 'ann@example.com')).toEqual({
      template: 'withdrawal-confirmed',
      amount: 5_000_000,
      toAddress: base.toAddress,
      txid: confirmed.transactionHash,
    });
    expect(await w.contentOf(refused, 'ann@example.com')).toEqual({
      template: 'withdrawal-failed',
      amount: 7_000_000,
      toAddress: base.toAddress,
      reason: 'OUT_OF_ENERGY',
    });
  });

  it('mails each security notice to its account, even with receipts turned off', async () => {
    const w = createMailFanOutWorld();
    const { ann } = await shopWithPeople(w);
    successOf(await updateMailPreferences({ ...w.deps }, ann, { receipts: false }));
    const security = accountSecurityEvents(w.ids, w.now(), ann.id);
    const origin = {
      sessionId: 's-1',
      device: 'Firefox on Linux',
      userAgent: 'Mozilla/5.0 (X11; Linux) Firefox/140.0',
      address: '203.0.113.9',
    };
    const events = [
      security.twoFactorEnabled(),
      security.twoFactorDisabled(),
      security.passwordChanged(),
      security.signedInNewDevice(origin),
    ];
    await w.start();
    for (const event of events) await w.log(event);

    expect(await w.fanOut()).toBe(4);
    const at = w.now();
    expect(await Promise.all(events.map((event) => w.contentOf(event, 'ann@example.com')))).toEqual([
      { template: 'two-factor-enabled', at },
      { template: 'two-factor-disabled', at },
      { template: 'password-changed', at },
      { template: 'new-device-sign-in', userAgent: origin.userAgent, address: '203.0.113.9', at },
    ]);
  });

  it('alerts every admin to a reconciliation with discrepancies and to a disabled webhook, not to a clean run', async () => {
    const w = createMailFanOutWorld();
    await shopWithPeople(w);
    const reconciliation = (discrepancies: number, reportId: string) =>
      buildShopEvent({
        type: 'reconciliation.completed',
        occurredAt: w.now(),
        payload: { reportId, ok: discrepancies === 0, discrepancies },
      });
    const clean = reconciliation(0, 'run-clean');
    const found = reconciliation(3, 'run-found');
    const disabled = webhookDisabledEvent(
      w.ids,
      w.now(),
      { id: 'wh-1', url: 'https://hooks.example/1' },
      'Every attempt failed for 24 hours',
    );
    await w.start();
    for (const event of [clean, found, disabled]) await w.log(event);

    expect(await w.fanOut()).toBe(4);
    expect(await w.mailsOf(clean)).toEqual([]);
    expect(await w.mailsOf(found)).toEqual([
      'merchant-reconciliation -> ops@shop.example',
      'merchant-reconciliation -> owner@shop.example',
    ]);
    expect(await w.contentOf(found, 'owner@shop.example')).toEqual({
      template: 'merchant-reconciliation',
      runId: 'run-found',
      discrepancies: 3,
    });
    expect(await w.contentOf(disabled, 'ops@shop.example')).toEqual({
      template: 'merchant-webhook-disabled',
      endpointId: 'wh-1',
      url: 'https://hooks.example/1',
      reason: 'Every attempt failed for 24 hours',
    });
  });

  it('alerts every admin who keeps the low-balance alert on to a drop, with the exact balance and threshold; a recovery mails no one', async () => {
    const w = createMailFanOutWorld();
    const { owner, ops } = await shopWithPeople(w);
    successOf(await updateMailPreferences({ ...w.deps }, ops, { alerts: { lowBalance: false } }));
    const observation = {
      address: owner.wallet.address ?? '',
      balanceSun: 49_999_999,
      thresholdSun: 50_000_001,
    };
    const drop = merchantBalanceEvents(w.ids, w.now(), observation).low();
    const back = merchantBalanceEvents(w.ids, w.now(), {
      ...observation,
      balanceSun: 60_000_000,
    }).recovered();
    await w.start();
    await w.log(drop);
    await w.log(back);

    expect(await w.fanOut()).toBe(1);
    expect(await w.mailsOf(drop)).toEqual(['merchant-low-balance -> owner@shop.example']);
    expect(await w.mailsOf(back)).toEqual([]);
    const alert = await w.contentOf(drop, 'owner@shop.example');
    expect(alert).toEqual({ template: 'merchant-low-balance', balance: 49_999_999, threshold: 50_000_001 });
    const text = renderMail(alert, { userId: owner.id, username: 'owner', email: owner.email }, SHOP).text;
    expect(text).toContain('Balance: 49.999999 TRX');
    expect(text).toContain('Threshold: 50.000001 TRX');
    expect(text).toContain('Refunds and withdrawals are sent from this wallet and may fail');
  });

  it('leaves out the receipts a customer turned off and the alerts each admin turned off, at queue time', async () => {
    const w = createMailFanOutWorld();
    const { ops, ann } = await shopWithPeople(w);
    successOf(await updateMailPreferences({ ...w.deps }, ann, { receipts: false }));
    successOf(await updateMailPreferences({ ...w.deps }, ops, { alerts: { orderPaid: false } }));
    const { event } = await paidOrder(w, ann.id);
    const disabled = webhookDisabledEvent(
      w.ids,
      w.now(),
      { id: 'wh-1', url: 'https://hooks.example/1' },
      'failing',
    );
    await w.start();
    await w.log(event);
    await w.log(disabled);

    expect(await w.fanOut()).toBe(3);
    expect(await w.mailsOf(event)).toEqual(['merchant-order-paid -> owner@shop.example']);
    // ops turned off paid orders only: the webhook alert still reaches both admins.
    expect(await w.mailsOf(disabled)).toEqual([
      'merchant-webhook-disabled -> ops@shop.example',
      'merchant-webhook-disabled -> owner@shop.example',
    ]);

    // Turned back on, the next paid order's receipt is queued again.
    successOf(await updateMailPreferences({ ...w.deps }, ann, { receipts: true }));
    const next = (await paidOrder(w, ann.id)).event;
    await w.log(next);
    await w.fanOut();
    expect(await w.mailsOf(next)).toEqual([
      'merchant-order-paid -> owner@shop.example',
      'order-paid -> ann@example.com',
    ]);
  });

  it('still sends a blocked customer their receipts, and mails nothing to an account that does not exist', async () => {
    const w = createMailFanOutWorld();
    await shopWithPeople(w);
    const blocked = await w.user({ email: 'blocked@example.com', isActive: false });
    const security = (userId: string) => accountSecurityEvents(w.ids, w.now(), userId).passwordChanged();
    const { event } = await paidOrder(w, blocked.id);
    const gone = security('0000000000000000000000ff');
    await w.start();
    await w.log(event);
    await w.log(gone);

    await w.fanOut();
    expect(await w.mailsOf(event)).toEqual([
      'merchant-order-paid -> ops@shop.example',
      'merchant-order-paid -> owner@shop.example',
      'order-paid -> blocked@example.com',
    ]);
    expect(await w.mailsOf(gone)).toEqual([]);
  });

  it('queues each mail once when the run is repeated over the same events or two run at once', async () => {
    const w = createMailFanOutWorld();
    const { ann } = await shopWithPeople(w);
    const { event } = await paidOrder(w, ann.id);
    await w.start();
    const start = (await w.store.chainCursors.read(MAIL_CURSOR)) ?? 0;
    await w.log(event);

    const [a, b] = await Promise.all([w.fanOut(), w.fanOut()]);
    expect(a + b).toBe(3);
    // A crash before the cursor moved: the next run reads the same events again.
    const end = (await w.store.chainCursors.read(MAIL_CURSOR)) ?? 0;
    expect(end).toBeGreaterThan(start);
    await w.store.chainCursors.advance(MAIL_CURSOR, end, start, w.now());
    expect(await w.fanOut()).toBe(0);
    expect((await w.queued()).map((mail) => mail.message.id).sort()).toEqual(
      [
        `${event.id}:order-paid:${ann.id}`,
        ...(await w.store.users.listAdmins()).map((admin) => `${event.id}:merchant-order-paid:${admin.id}`),
      ].sort(),
    );
  });

  it('waits at a young hole in the log and mails the late event once it lands', async () => {
    const w = createMailFanOutWorld();
    const { ann } = await shopWithPeople(w);
    await w.start();
    const security = accountSecurityEvents(w.ids, w.now(), ann.id);
    const late = security.twoFactorEnabled();
    const early = security.passwordChanged();
    const lateSequence = await w.store.eventLog.takeSequence();
    await w.log(early);

    expect(await w.fanOut()).toBe(0);
    await w.log(late, lateSequence);
    expect(await w.fanOut()).toBe(2);
    expect(await w.mailsOf(late)).toEqual(['two-factor-enabled -> ann@example.com']);
    expect(await w.mailsOf(early)).toEqual(['password-changed -> ann@example.com']);
  });

  it('leaves events that mail no one behind the cursor without queuing anything', async () => {
    const w = createMailFanOutWorld();
    const { ann } = await shopWithPeople(w);
    await w.start();
    await w.log(
      buildShopEvent({
        type: 'order.created',
        occurredAt: w.now(),
        subjects: { ...NO_SUBJECTS, userId: ann.id },
      }),
    );
    const newest = await w.store.eventLog.newestSequence();

    expect(await w.fanOut()).toBe(0);
    expect(await w.store.chainCursors.read(MAIL_CURSOR)).toBe(newest);
    expect(await w.queued()).toEqual([]);
  });
});

import type { MailContent, MailRecipient } from '../../mail/mail-message.js';
import type { Sun } from '../../money/sun.js';
import { parseTrxAmount } from '../../money/trx-amount.js';
import { formatOrderNumber } from '../../orders/order-number.js';
import type { Order } from '../../orders/order.js';
import type { EventPayloadValue, LoggedEvent } from '../../ports/shop-event.js';
import type { ShopStore } from '../../ports/shop-store.port.js';
import type { User } from '../../users/user.js';
import type { MailRequest } from './queue-mail.js';

/** What a logged event's mails may read: the records the event names. */
export type EventMailStore = Pick<ShopStore, 'users' | 'orders' | 'transactions'>;

/** Facts a fan-out run reads once, however many events need them. */
export interface FanOutContext {
  /** Every admin, oldest first. */
  admins(): Promise<readonly User[]>;
  /** The merchant wallet's address (the first admin's wallet); null without an admin. */
  merchantAddress(): Promise<string | null>;
}

const text = (value: EventPayloadValue | undefined): string => (typeof value === 'string' ? value : '');

/** A payload's exact TRX text back in SUN; null when it is not one. */
const sunOf = (value: EventPayloadValue | undefined): Sun | null => {
  const parsed = parseTrxAmount(text(value), { sign: 'non-negative' });
  return parsed.ok ? parsed.value : null;
};

export const recipientOf = (user: Pick<User, 'id' | 'username' | 'email'>): MailRecipient => ({
  userId: user.id,
  username: user.username,
  email: user.email,
});

const paidOrder = (order: Order, txid: string) => ({
  orderId: order.id,
  orderNumber: formatOrderNumber(order.number),
  total: order.totalSun,
  txid,
});

/**
 * The mails one logged event causes (docs/api.md, "Mail from events"), before preferences: receipts
 * and security notices to the account the event names, merchant alerts to every admin. An event
 * whose records are gone (a deleted account) causes none.
 */
export const mailsOfEvent = async (
  store: EventMailStore,
  context: FanOutContext,
  event: LoggedEvent,
): Promise<readonly MailRequest[]> => {
  const owner = event.subjects.userId === null ? null : await store.users.findById(event.subjects.userId);
  const toOwner = (content: MailContent): MailRequest[] =>
    owner ? [{ sourceId: event.id, recipient: recipientOf(owner), content }] : [];
  const toAdmins = async (content: MailContent): Promise<MailRequest[]> =>
    (await context.admins()).map((admin) => ({ sourceId: event.id, recipient: recipientOf(admin), content }));
  const at = event.occurredAt;
  const line = async () =>
    event.subjects.transactionId === null ? null : store.transactions.findById(event.subjects.transactionId);

  switch (event.type) {
    case 'order.completed': {
      const order =
        event.subjects.orderId === null ? null : await store.orders.findById(event.subjects.orderId);
      if (!order) return [];
      const paid = paidOrder(order, text(event.payload.txHash));
      const lines = order.lines.map((l) => ({ name: l.name, quantity: l.quantity, unitPrice: l.priceSun }));
      const customer = owner ? `${owner.username} (${owner.email})` : order.userId;
      return [
        ...toOwner({ template: 'order-paid', ...paid, lines }),
        ...(await toAdmins({ template: 'merchant-order-paid', ...paid, customer })),
      ];
    }
    case 'refund.confirmed': {
      const order =
        event.subjects.orderId === null ? null : await store.orders.findById(event.subjects.orderId);
      const txid = text(event.payload.txHash);
      const refund = order?.refunds.find((r) => r.txId === txid);
      if (!order || !refund) return [];
      return toOwner({
        template: 'refund-confirmed',
        orderId: order.id,
        orderNumber: formatOrderNumber(order.number),
        amount: refund.amountSun,
        reason: refund.reason ?? '',
        txid,
      });
    }
    case 'deposit.received': {
      const deposit = await line();
      // The merchant wallet's incoming transfers are the shop's takings, not a customer's deposit.
      if (!deposit || deposit.toAddress === (await context.merchantAddress())) return [];
      return toOwner({
        template: 'deposit-received',
        amount: deposit.amountSun,
        txid: deposit.transactionHash,
      });
    }
    case 'withdrawal.confirmed':
    case 'withdrawal.failed': {
      const withdrawal = await line();
      if (!withdrawal) return [];
      const sent = { amount: withdrawal.amountSun, toAddress: withdrawal.toAddress };
      return event.type === 'withdrawal.confirmed'
        ? toOwner({ template: 'withdrawal-confirmed', ...sent, txid: withdrawal.transactionHash })
        : toOwner({
            template: 'withdrawal-failed',
            ...sent,
            reason: withdrawal.failureReason ?? text(event.payload.reason),
          });
    }
    case 'user.two_factor_enabled':
      return toOwner({ template: 'two-factor-enabled', at });
    case 'user.two_factor_disabled':
      return toOwner({ template: 'two-factor-disabled', at });
    case 'user.password_changed':
      return toOwner({ template: 'password-changed', at });
    case 'user.signed_in_new_device':
      return toOwner({
        template: 'new-device-sign-in',
        userAgent: text(event.payload.userAgent),
        address: text(event.payload.address),
        at,
      });
    case 'reconciliation.completed': {
      const discrepancies = typeof event.payload.discrepancies === 'number' ? event.payload.discrepancies : 0;
      if (discrepancies === 0) return [];
      return toAdmins({
        template: 'merchant-reconciliation',
        runId: text(event.payload.reportId),
        discrepancies,
      });
    }
    case 'webhook.disabled':
      return toAdmins({
        template: 'merchant-webhook-disabled',
        endpointId: event.subjects.webhookId ?? '',
        url: text(event.payload.url),
        reason: text(event.payload.reason),
      });
    case 'merchant.balance_low': {
      const balance = sunOf(event.payload.balance);
      const threshold = sunOf(event.payload.threshold);
      if (balance === null || threshold === null) return [];
      return toAdmins({ template: 'merchant-low-balance', balance, threshold });
    }
    default:
      return [];
  }
};

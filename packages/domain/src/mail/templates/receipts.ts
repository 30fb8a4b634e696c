import { multiplySun } from '../../money/sun.js';
import type { MailContent, MailShop } from '../mail-message.js';
import type { MailBody, MailDetail } from './layout.js';
import { segment, shopLink, trx } from './mail-text.js';

export type Receipt = Extract<
  MailContent,
  {
    template:
      | 'order-paid'
      | 'refund-confirmed'
      | 'deposit-received'
      | 'withdrawal-confirmed'
      | 'withdrawal-failed';
  }
>;

type OrderPaid = Extract<Receipt, { template: 'order-paid' }>;

const orderLines = (content: OrderPaid): MailDetail[] =>
  content.lines.map((line) => ({
    label: `${line.quantity} × ${line.name}`,
    value:
      line.quantity === 1
        ? trx(line.unitPrice)
        : `${trx(multiplySun(line.unitPrice, line.quantity))} (${trx(line.unitPrice)} each)`,
  }));

/** Receipts for the customer's own money: what moved, how much exactly, and its transaction. */
export const receipt = (content: Receipt, shop: MailShop): MailBody => {
  const reason = `You get this receipt because of a payment on your account at ${shop.name}.`;
  const wallet = { label: 'Open your wallet', url: shopLink(shop, '/wallet') };
  switch (content.template) {
    case 'order-paid':
      return {
        subject: `Receipt for order ${content.orderNumber}`,
        paragraphs: [
          'Thank you for your order.',
          `Your payment of ${trx(content.total)} for order ${content.orderNumber} is confirmed on the TRON chain.`,
        ],
        details: [
          ...orderLines(content),
          { label: 'Total', value: trx(content.total) },
          { label: 'Transaction', value: content.txid },
        ],
        action: { label: 'View your order', url: shopLink(shop, `/orders/${segment(content.orderId)}`) },
        reason,
      };
    case 'refund-confirmed':
      return {
        subject: `Refund for order ${content.orderNumber}`,
        paragraphs: [
          `A refund of ${trx(content.amount)} for order ${content.orderNumber} is confirmed on the TRON chain.`,
        ],
        details: [
          { label: 'Amount', value: trx(content.amount) },
          ...(content.reason.trim() === '' ? [] : [{ label: 'Reason', value: content.reason }]),
          { label: 'Transaction', value: content.txid },
        ],
        action: { label: 'View your order', url: shopLink(shop, `/orders/${segment(content.orderId)}`) },
        reason,
      };
    case 'deposit-received':
      return {
        subject: 'Deposit received',
        paragraphs: [`A deposit of ${trx(content.amount)} to your wallet is confirmed on the TRON chain.`],
        details: [
          { label: 'Amount', value: trx(content.amount) },
          { label: 'Transaction', value: content.txid },
        ],
        action: wallet,
        reason,
      };
    case 'withdrawal-confirmed':
      return {
        subject: 'Withdrawal sent',
        paragraphs: [
          `Your withdrawal of ${trx(content.amount)} to ${content.toAddress} is confirmed on the TRON chain.`,
        ],
        details: [
          { label: 'Amount', value: trx(content.amount) },
          { label: 'To', value: content.toAddress },
          { label: 'Transaction', value: content.txid },
        ],
        action: wallet,
        reason,
      };
    case 'withdrawal-failed':
      return {
        subject: 'Withdrawal failed',
        paragraphs: [
          `Your withdrawal of ${trx(content.amount)} to ${content.toAddress} failed: the amount was not sent and stays in your wallet.`,
          'You can try again from your wallet.',
        ],
        details: [
          { label: 'Amount', value: trx(content.amount) },
          { label: 'To', value: content.toAddress },
          { label: 'Reason', value: content.reason },
        ],
        action: wallet,
        reason,
      };
  }
};

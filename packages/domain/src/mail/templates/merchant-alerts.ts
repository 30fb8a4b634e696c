import type { MailContent, MailShop } from '../mail-message.js';
import type { MailBody } from './layout.js';
import { count, segment, shopLink, trx } from './mail-text.js';

export type MerchantAlert = Extract<
  MailContent,
  {
    template:
      | 'merchant-order-paid'
      | 'merchant-reconciliation'
      | 'merchant-webhook-disabled'
      | 'merchant-low-balance';
  }
>;

/** Alerts for every admin: what happened, and the admin page where they act on it. */
export const merchantAlert = (content: MerchantAlert, shop: MailShop): MailBody => {
  const reason = `You get this alert because you are an administrator of ${shop.name}.`;
  switch (content.template) {
    case 'merchant-order-paid':
      return {
        subject: `Order ${content.orderNumber} was paid`,
        paragraphs: [
          `${content.customer} paid ${trx(content.total)} for order ${content.orderNumber}; the payment is confirmed on the TRON chain.`,
        ],
        details: [
          { label: 'Order', value: content.orderNumber },
          { label: 'Customer', value: content.customer },
          { label: 'Total', value: trx(content.total) },
          { label: 'Transaction', value: content.txid },
        ],
        action: { label: 'Open the order', url: shopLink(shop, `/admin/orders/${segment(content.orderId)}`) },
        reason,
      };
    case 'merchant-reconciliation':
      return {
        subject: 'Reconciliation found discrepancies',
        paragraphs: [
          `The reconciliation run ${content.runId} found ${count(content.discrepancies, 'discrepancy', 'discrepancies')} ` +
            'between the ledger and the chain.',
        ],
        details: [
          { label: 'Run', value: content.runId },
          { label: 'Discrepancies', value: String(content.discrepancies) },
        ],
        action: { label: 'Open reconciliation', url: shopLink(shop, '/admin/reconciliation') },
        reason,
      };
    case 'merchant-webhook-disabled':
      return {
        subject: 'A webhook endpoint was disabled',
        paragraphs: [
          `The webhook endpoint ${content.url} was disabled because its deliveries kept failing.`,
          'It receives no events until you enable it again in the admin app.',
        ],
        details: [
          { label: 'Endpoint', value: content.url },
          { label: 'Reason', value: content.reason },
        ],
        action: {
          label: 'Open the endpoint',
          url: shopLink(shop, `/admin/webhooks/${segment(content.endpointId)}`),
        },
        reason,
      };
    case 'merchant-low-balance':
      return {
        subject: 'Merchant wallet balance is low',
        paragraphs: [
          `The merchant wallet holds ${trx(content.balance)}, below the alert threshold of ${trx(content.threshold)}.`,
          'Refunds and withdrawals are sent from this wallet and may fail while it cannot cover them with their network fee: top it up soon.',
        ],
        details: [
          { label: 'Balance', value: trx(content.balance) },
          { label: 'Threshold', value: trx(content.threshold) },
        ],
        action: { label: 'Open the ledger', url: shopLink(shop, '/admin/ledger') },
        reason,
      };
  }
};

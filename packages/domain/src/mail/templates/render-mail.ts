import {
  MAIL_CATEGORIES,
  type MailContent,
  type MailRecipient,
  type MailShop,
  type RenderedMail,
} from '../mail-message.js';
import { accountMail } from './account-mails.js';
import { layout, type MailBody } from './layout.js';
import { merchantAlert } from './merchant-alerts.js';
import { receipt } from './receipts.js';
import { securityNotice } from './security-notices.js';
import { testMail } from './test-mail.js';

const bodyOf = (content: MailContent, shop: MailShop): MailBody => {
  switch (content.template) {
    case 'password-reset':
    case 'email-verification':
      return accountMail(content, shop);
    case 'password-changed':
    case 'email-changed':
    case 'two-factor-enabled':
    case 'two-factor-disabled':
    case 'new-device-sign-in':
      return securityNotice(content, shop);
    case 'order-paid':
    case 'refund-confirmed':
    case 'deposit-received':
    case 'withdrawal-confirmed':
    case 'withdrawal-failed':
      return receipt(content, shop);
    case 'merchant-order-paid':
    case 'merchant-reconciliation':
    case 'merchant-webhook-disabled':
    case 'merchant-low-balance':
      return merchantAlert(content, shop);
    case 'test':
      return testMail(content, shop);
  }
};

/**
 * A mail's subject, text and HTML parts for one recipient. Pure: the same content, recipient and
 * shop always render the same mail, so a retried delivery sends exactly what the first one did.
 */
export const renderMail = (content: MailContent, recipient: MailRecipient, shop: MailShop): RenderedMail =>
  layout(bodyOf(content, shop), MAIL_CATEGORIES[content.template], recipient, shop);

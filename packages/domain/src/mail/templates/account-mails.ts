import type { MailContent, MailShop } from '../mail-message.js';
import type { MailBody } from './layout.js';
import { shopLink, utc } from './mail-text.js';

export type AccountMail = Extract<MailContent, { template: 'password-reset' | 'email-verification' }>;

/** The reset and verification mails: the only ones that carry a token, inside their link alone. */
export const accountMail = (content: AccountMail, shop: MailShop): MailBody => {
  switch (content.template) {
    case 'password-reset':
      return {
        subject: 'Reset your password',
        paragraphs: [
          `Someone, hopefully you, asked to reset the password of your account at ${shop.name}.`,
          `Choose a new password with the link below. It works once, for 30 minutes: until ${utc(content.expiresAt)}. ` +
            'Asking for another link makes this one stop working.',
        ],
        action: {
          label: 'Choose a new password',
          url: shopLink(shop, `/reset-password?token=${encodeURIComponent(content.token)}`),
        },
        reason:
          `You get this email because a password reset was asked for your account at ${shop.name}. ` +
          'If it was not you, ignore it: your password stays as it is.',
      };
    case 'email-verification':
      return {
        subject: 'Confirm your email address',
        paragraphs: [`Please confirm that this is the email address of your account at ${shop.name}.`],
        action: {
          label: 'Confirm my email address',
          url: shopLink(shop, `/verify-email?token=${encodeURIComponent(content.token)}`),
        },
        reason:
          `You get this email because this address was given for an account at ${shop.name}. ` +
          'If it was not you, ignore it: the address stays unconfirmed.',
      };
  }
};

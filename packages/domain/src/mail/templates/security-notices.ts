import type { MailContent, MailShop } from '../mail-message.js';
import type { MailBody } from './layout.js';
import { shopLink, utc } from './mail-text.js';

export type SecurityNotice = Extract<
  MailContent,
  {
    template:
      | 'password-changed'
      | 'email-changed'
      | 'two-factor-enabled'
      | 'two-factor-disabled'
      | 'new-device-sign-in';
  }
>;

const reasonFor = (shop: MailShop): string =>
  `You get this security notice because of activity on your account at ${shop.name}.`;

/** Notices of changes to an account's security, which its owner must hear of even if they did not make them. */
export const securityNotice = (content: SecurityNotice, shop: MailShop): MailBody => {
  const reason = reasonFor(shop);
  switch (content.template) {
    case 'password-changed':
      return {
        subject: 'Your password was changed',
        paragraphs: [
          `The password of your account at ${shop.name} was changed on ${utc(content.at)}.`,
          'If you changed it, there is nothing more to do.',
        ],
        reason,
      };
    case 'email-changed':
      return {
        subject: 'Your email address was changed',
        paragraphs: [
          `The email address of your account at ${shop.name} was changed to ${content.newEmail} on ${utc(content.at)}. ` +
            'Mail for your account now goes to the new address.',
          "If you did not change it, contact the shop's support at once: password reset links now go to the new address.",
        ],
        reason,
      };
    case 'two-factor-enabled':
      return {
        subject: 'Two-factor authentication was turned on',
        paragraphs: [
          `Two-factor authentication was turned on for your account at ${shop.name} on ${utc(content.at)}.`,
          'Signing in and withdrawing now need a code from your authenticator app.',
        ],
        reason,
      };
    case 'two-factor-disabled':
      return {
        subject: 'Two-factor authentication was turned off',
        paragraphs: [
          `Two-factor authentication was turned off for your account at ${shop.name} on ${utc(content.at)}.`,
          'Your password alone now protects your account; you can turn two-factor authentication on again in your account.',
        ],
        reason,
      };
    case 'new-device-sign-in':
      return {
        subject: 'New sign-in to your account',
        paragraphs: [
          `Your account at ${shop.name} was signed in to from a device it had not seen before.`,
          'If this was you, there is nothing more to do. You can see and end your sessions in your account.',
        ],
        details: [
          { label: 'When', value: utc(content.at) },
          { label: 'Device', value: content.userAgent },
          { label: 'Address', value: content.address },
        ],
        action: { label: 'Review your sessions', url: shopLink(shop, '/account') },
        reason,
      };
  }
};

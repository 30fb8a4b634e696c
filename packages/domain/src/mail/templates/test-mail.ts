import type { MailContent, MailShop } from '../mail-message.js';
import type { MailBody } from './layout.js';

export type TestMail = Extract<MailContent, { template: 'test' }>;

/** The admin app's "send a test email": proof that delivery works, naming who asked for it. */
export const testMail = (content: TestMail, shop: MailShop): MailBody => ({
  subject: 'Test email',
  paragraphs: [
    `This is a test email from ${shop.name}, sent because ${content.requestedBy} asked for one in the admin app.`,
    'If you can read it, mail delivery works.',
  ],
  reason: `You get this email because an administrator of ${shop.name} sent a test email to this address.`,
});

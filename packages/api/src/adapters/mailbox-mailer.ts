import type { Clock, Mailer, MailboxStore } from '@trx-shop/domain';

/**
 * The embedded default's mailer: keeps each mail in the store's mailbox (read by admins in the
 * admin app) instead of handing it to an SMTP relay, so the shop runs with no mail server.
 * Keeping a mail again (a repeated attempt) changes nothing.
 */
export const createMailboxMailer = (mailbox: MailboxStore, clock: Clock): Mailer => ({
  send: async (mail) => {
    try {
      await mailbox.deliver({ ...mail, deliveredAt: clock.now() });
      return { ok: true };
    } catch (error) {
      return {
        ok: false,
        permanent: false,
        error: `the mailbox could not keep it (${error instanceof Error ? error.message : String(error)})`,
      };
    }
  },
});

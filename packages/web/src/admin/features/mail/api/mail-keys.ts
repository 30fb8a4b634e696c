import type { MailFilters } from '../utils/mail-filters.js';

/** Every query key of the mail feature, so a mutation can invalidate exactly what it changed. */
export const mailKeys = {
  all: ['mail'] as const,
  log: () => [...mailKeys.all, 'log'] as const,
  logPage: (filters: MailFilters) => [...mailKeys.log(), filters] as const,
  delivery: () => [...mailKeys.log(), 'delivery'] as const,
  mailbox: () => [...mailKeys.all, 'mailbox'] as const,
  mailboxPage: (page: number) => [...mailKeys.mailbox(), 'page', page] as const,
  mailboxMail: (messageId: string) => [...mailKeys.mailbox(), 'mail', messageId] as const,
};

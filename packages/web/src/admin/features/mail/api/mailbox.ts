import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { mailKeys } from './mail-keys.js';

export const MAILBOX_PAGE_SIZE = 20;

/** One page of the local mailbox, newest first. */
export const useMailbox = (page: number) =>
  useQuery({
    queryKey: mailKeys.mailboxPage(page),
    queryFn: () =>
      call(() => shop.GET('/api/admin/mailbox', { params: { query: { page, limit: MAILBOX_PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });

/** One mail of the local mailbox, both its parts. */
export const useMailboxMail = (messageId: string) =>
  useQuery({
    queryKey: mailKeys.mailboxMail(messageId),
    queryFn: () =>
      call(() => shop.GET('/api/admin/mailbox/{messageId}', { params: { path: { messageId } } })),
  });

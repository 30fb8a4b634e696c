import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { MAIL_PAGE_SIZE, type MailFilters } from '../utils/mail-filters.js';
import { mailKeys } from './mail-keys.js';

/** One page of the delivery log, newest first; the previous page stays shown while the next loads. */
export const useMailMessages = (filters: MailFilters) =>
  useQuery({
    queryKey: mailKeys.logPage(filters),
    queryFn: () =>
      call(() =>
        shop.GET('/api/admin/mail', {
          params: {
            query: {
              ...(filters.status ? { status: filters.status } : {}),
              page: filters.page,
              limit: MAIL_PAGE_SIZE,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** Where mail goes (`smtp`, `mailbox` or `held`), for the shell's menu; undefined until known. */
export const useMailDelivery = () =>
  useQuery({
    queryKey: mailKeys.delivery(),
    queryFn: () => call(() => shop.GET('/api/admin/mail', { params: { query: { limit: 1 } } })),
    select: (answer) => answer.delivery,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;

/** Queues a failed message again, due now; the log and the mailbox are read again after. */
export const useRetryMail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      call(() => shop.POST('/api/admin/mail/{id}/retry', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
};

/** Queues a test mail to the signed-in admin's own address. */
export const useSendTestMail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(() => shop.POST('/api/admin/mail/test')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
};

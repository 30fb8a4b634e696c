import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { walletKeys } from './wallet-keys.js';

export const TRANSACTIONS_PAGE_SIZE = 10;

/** One page of the shopper's transactions, newest first; read again when the tab regains focus. */
export const useTransactions = (page: number) =>
  useQuery({
    queryKey: walletKeys.transactionsPage(page),
    queryFn: () =>
      call(() =>
        shop.GET('/api/transactions', { params: { query: { page, limit: TRANSACTIONS_PAGE_SIZE } } }),
      ),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });

import { useQuery } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import { walletKeys } from './wallet-keys.js';

/** The wallet's address, solidified balance and what pending transfers out of it hold; read again when the tab regains focus. */
export const useWalletBalance = () =>
  useQuery({
    queryKey: walletKeys.balance(),
    queryFn: () => call(() => shop.GET('/api/wallets/balance')),
    refetchOnWindowFocus: true,
  });

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@trx-shop/client';
import { call, shop } from '../../../../shared/api/shop.js';

type ReceiptsChoice = Pick<components['schemas']['UpdateMailPreferencesRequest'], 'receipts'>;

/** The query keys of the shopper's mail switches. */
export const mailPreferenceKeys = {
  all: ['account', 'mail-preferences'] as const,
};

/** Which mail the shopper lets the shop send (receipts; security notices have no switch). */
export const useMailPreferences = () =>
  useQuery({
    queryKey: mailPreferenceKeys.all,
    queryFn: async () => (await call(() => shop.GET('/api/users/mail-preferences'))).preferences,
  });

/** Turns receipts on or off; the answer holds every switch as now stored. */
export const useUpdateMailPreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: ReceiptsChoice) =>
      call(() => shop.PUT('/api/users/mail-preferences', { body: choice })),
    onSuccess: ({ preferences }) => queryClient.setQueryData(mailPreferenceKeys.all, preferences),
  });
};

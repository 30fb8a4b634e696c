import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import type { AlertKind } from '../utils/alert-kinds.js';
import { mailPreferenceKeys } from './mail-preference-keys.js';

/** The signed-in admin's mail switches: receipts, and the merchant alerts. */
export const useMailPreferences = () =>
  useQuery({
    queryKey: mailPreferenceKeys.all,
    queryFn: async () => (await call(() => shop.GET('/api/users/mail-preferences'))).preferences,
  });

export interface AlertChange {
  readonly kind: AlertKind;
  readonly on: boolean;
}

/** Turns one alert on or off; the API's answer is the preferences as now stored. */
export const useUpdateAlert = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: AlertChange) =>
      call(() => shop.PUT('/api/users/mail-preferences', { body: { alerts: { [kind]: on } } })),
    onSuccess: (answer) => queryClient.setQueryData(mailPreferenceKeys.all, answer.preferences),
  });
};

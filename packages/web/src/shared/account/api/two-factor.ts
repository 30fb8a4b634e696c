import { useMutation, useQueryClient } from '@tanstack/react-query';
import { holdsSecret } from '../../api/holds-secret.js';
import { call, shop } from '../../api/shop.js';
import { accountKeys } from './account-keys.js';

/** Starts the setup: the one answer that holds the secret and its QR code (nothing is on yet). */
export const useEnableTwoFactor = () =>
  useMutation({
    ...holdsSecret,
    mutationFn: (password: string) =>
      call(() => shop.POST('/api/security/2fa/enable', { body: { password } })),
  });

const useRefreshProfile = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.profile() });
};

/** Turns 2FA on with the authenticator's first code. */
export const useVerifyTwoFactor = () => {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: (code: string) => call(() => shop.POST('/api/security/2fa/verify', { body: { code } })),
    onSuccess: refresh,
  });
};

export interface TwoFactorOff {
  readonly code: string;
  readonly password: string;
}

export const useDisableTwoFactor = () => {
  const refresh = useRefreshProfile();
  return useMutation({
    ...holdsSecret,
    mutationFn: (input: TwoFactorOff) => call(() => shop.POST('/api/security/2fa/disable', { body: input })),
    onSuccess: refresh,
  });
};

import { isShopApiError } from '@trx-shop/client';
import { checkEmail } from '../../../../shared/account/utils/account-input.js';
import type { EmailChange } from '../api/change-email.js';

export interface EmailChangeErrors {
  readonly email?: string | undefined;
  readonly currentPassword?: string | undefined;
}

export type CheckedEmailChange =
  | { readonly ok: true; readonly value: EmailChange }
  | { readonly ok: false; readonly errors: EmailChangeErrors };

/**
 * The API's rules, checked beside each field before sending; the address the account has already
 * is refused here, since the API would change nothing and mail nothing for it.
 */
export const checkEmailChange = (
  typed: { readonly email: string; readonly currentPassword: string },
  currentEmail: string,
): CheckedEmailChange => {
  const email = checkEmail(typed.email);
  const errors: EmailChangeErrors = {
    email: !email.ok
      ? email.error
      : email.value.toLowerCase() === currentEmail.toLowerCase()
        ? 'This is the address your account has now'
        : undefined,
    currentPassword: typed.currentPassword ? undefined : 'Enter your current password',
  };
  if (!email.ok || errors.email || errors.currentPassword) return { ok: false, errors };
  return { ok: true, value: { email: email.value, currentPassword: typed.currentPassword } };
};

/**
 * The API's refusal beside the field it concerns (a wrong password, a taken address, the fields a
 * VALIDATION_ERROR names); anything else is left to the form's error notice.
 */
export const fieldErrorsOfEmailRefusal = (error: unknown): EmailChangeErrors => {
  if (!isShopApiError(error)) return {};
  if (error.code === 'INVALID_CURRENT_PASSWORD') return { currentPassword: error.body.error };
  if (error.code === 'EMAIL_TAKEN') return { email: error.body.error };
  if (error.code !== 'VALIDATION_ERROR') return {};
  const detail = (field: string) => error.details?.find((entry) => entry.field === field)?.message;
  return { email: detail('email'), currentPassword: detail('currentPassword') };
};

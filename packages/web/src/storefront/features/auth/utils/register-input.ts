import type { components } from '@trx-shop/client';
import { isShopApiError } from '@trx-shop/client';
import {
  checkEmail,
  checkNewPassword,
  checkUsername,
} from '../../../../shared/account/utils/account-input.js';

export type Registration = components['schemas']['RegisterRequest'];
export type RegisterField = keyof Registration;
export type RegisterErrors = Partial<Record<RegisterField, string>>;

const REGISTER_FIELDS: readonly RegisterField[] = ['email', 'username', 'password', 'passwordConfirm'];

export type PasswordErrors = Pick<RegisterErrors, 'password' | 'passwordConfirm'>;

/** The registration's password rules (the reset page sets a password by the same ones). */
export const checkPasswords = (typed: Pick<Registration, 'password' | 'passwordConfirm'>): PasswordErrors => {
  const password = checkNewPassword(typed.password);
  return {
    password: password.ok ? undefined : password.error,
    passwordConfirm: typed.passwordConfirm === typed.password ? undefined : 'The two passwords differ',
  };
};

export type CheckedRegistration =
  | { readonly ok: true; readonly value: Registration }
  | { readonly ok: false; readonly errors: RegisterErrors };

/**
 * The specification's registration rules, checked before sending so each message sits beside
 * its field; the API still decides (a taken email or username).
 */
export const checkRegistration = (typed: Registration): CheckedRegistration => {
  const email = checkEmail(typed.email);
  const username = checkUsername(typed.username);
  const errors: RegisterErrors = {
    email: email.ok ? undefined : email.error,
    username: username.ok ? undefined : username.error,
    ...checkPasswords(typed),
  };
  if (!email.ok || !username.ok || Object.values(errors).some(Boolean)) return { ok: false, errors };
  return {
    ok: true,
    value: {
      email: email.value,
      username: username.value,
      password: typed.password,
      passwordConfirm: typed.passwordConfirm,
    },
  };
};

const isRegisterField = (field: string): field is RegisterField =>
  (REGISTER_FIELDS as readonly string[]).includes(field);

/**
 * The API's refusal placed beside the field it concerns: a taken email or username, or the
 * fields its VALIDATION_ERROR details name; anything else is left to the form's error notice.
 */
export const fieldErrorsOfRefusal = (error: unknown): RegisterErrors => {
  if (!isShopApiError(error)) return {};
  if (error.code === 'EMAIL_TAKEN') return { email: error.body.error };
  if (error.code === 'USERNAME_TAKEN') return { username: error.body.error };
  if (error.code !== 'VALIDATION_ERROR') return {};
  const errors: RegisterErrors = {};
  for (const { field, message } of error.details ?? []) {
    if (isRegisterField(field) && errors[field] === undefined) errors[field] = message;
  }
  return errors;
};

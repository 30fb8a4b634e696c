import type { components } from '@trx-shop/client';
import { isShopApiError } from '@trx-shop/client';
import { checkNewPassword, checkUsername } from '../../../../shared/account/utils/account-input.js';

export type Registration = components['schemas']['RegisterRequest'];
export type RegisterField = keyof Registration;
export type RegisterErrors = Partial<Record<RegisterField, string>>;

const REGISTER_FIELDS: readonly RegisterField[] = ['email', 'username', 'password', 'passwordConfirm'];

/** The API's email rule (RegisterRequest): one @, no spaces, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;

export type CheckedRegistration =
  | { readonly ok: true; readonly value: Registration }
  | { readonly ok: false; readonly errors: RegisterErrors };

/**
 * The specification's registration rules, checked before sending so each message sits beside
 * its field; the API still decides (a taken email or username).
 */
export const checkRegistration = (typed: Registration): CheckedRegistration => {
  const email = typed.email.trim();
  const username = checkUsername(typed.username);
  const password = checkNewPassword(typed.password);
  const errors: RegisterErrors = {
    email:
      EMAIL.test(email) && email.length <= EMAIL_MAX_LENGTH
        ? undefined
        : 'An email address like ann@example.com',
    username: username.ok ? undefined : username.error,
    password: password.ok ? undefined : password.error,
    passwordConfirm: typed.passwordConfirm === typed.password ? undefined : 'The two passwords differ',
  };
  if (!username.ok || Object.values(errors).some(Boolean)) return { ok: false, errors };
  return {
    ok: true,
    value: {
      email,
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

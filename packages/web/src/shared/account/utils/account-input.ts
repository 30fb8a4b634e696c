import type { components } from '@trx-shop/client';

type Country = NonNullable<components['schemas']['UpdateProfileRequest']['country']>;

export type Checked<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: string };

/** The API's password rule (docs/openapi.json's ChangePasswordRequest). */
export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 1024;

/** The API's email rule (RegisterRequest): one @, no spaces, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;
const USERNAME = /^[\p{L}\p{N}_.-]+$/u;
const PHONE = /^\+?[0-9 ()-]{3,32}$/;
const COUNTRY = /^[A-Z]{2}$/;
const TOTP_CODE = /^\d{6}$/;

/**
 * The API's own rules, checked before sending so the message sits beside the field; the API
 * still decides (a taken username, an unassigned country code).
 */
export const checkUsername = (typed: string): Checked<string> => {
  const username = typed.trim();
  if (username.length < 3) return { ok: false, error: 'At least 3 characters' };
  if (username.length > 50 || !USERNAME.test(username)) {
    return { ok: false, error: 'At most 50 letters, digits, dots, dashes and underscores' };
  }
  return { ok: true, value: username };
};

/** The API's email rule, for any form that asks for the address an account signs in with. */
export const checkEmail = (typed: string): Checked<string> => {
  const email = typed.trim();
  return EMAIL.test(email) && email.length <= EMAIL_MAX_LENGTH
    ? { ok: true, value: email }
    : { ok: false, error: 'An email address like ann@example.com' };
};

/** Empty clears the phone (null). */
export const checkPhone = (typed: string): Checked<string | null> => {
  const phone = typed.trim();
  if (phone === '') return { ok: true, value: null };
  return PHONE.test(phone)
    ? { ok: true, value: phone }
    : { ok: false, error: 'Digits, with an optional leading +, spaces, dashes and parentheses' };
};

/** Empty clears the country (null); a code is read in upper case. */
export const checkCountry = (typed: string): Checked<Country | null> => {
  const country = typed.trim().toUpperCase();
  if (country === '') return { ok: true, value: null };
  // The API holds the list of assigned codes and refuses the others with its own message.
  return COUNTRY.test(country)
    ? { ok: true, value: country as Country }
    : { ok: false, error: 'Two letters, the ISO 3166-1 code (DE, US, ...)' };
};

export const checkNewPassword = (password: string): Checked<string> =>
  password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH
    ? { ok: true, value: password }
    : { ok: false, error: `At least ${PASSWORD_MIN_LENGTH} characters` };

export const checkCode = (typed: string): Checked<string> => {
  const code = typed.replace(/\s/g, '');
  return TOTP_CODE.test(code)
    ? { ok: true, value: code }
    : { ok: false, error: 'The 6 digits your authenticator app shows' };
};

/** The country's name in the viewer's language, or nothing for a code the browser does not know. */
export const countryName = (code: string): string | undefined => {
  if (!COUNTRY.test(code)) return undefined;
  const name = new Intl.DisplayNames(undefined, { type: 'region' }).of(code);
  return name && name !== code ? name : undefined;
};

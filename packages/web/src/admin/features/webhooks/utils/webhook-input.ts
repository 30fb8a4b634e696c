import { isShopApiError } from '@trx-shop/client';

export const MAX_URL_LENGTH = 2_000;
export const MAX_DESCRIPTION_LENGTH = 500;

/** The API's own pattern for a webhook URL: http(s), a host, no credentials. */
const HTTP_URL = /^https?:\/\/([^/?#\s]+)(?:[/?#]\S*)?$/i;

/**
 * Why a typed URL would be refused, or undefined; the API still decides (and checks where the
 * host resolves), this only spares a round trip for what it would refuse anyway.
 */
export const urlProblem = (typed: string): string | undefined => {
  const url = typed.trim();
  if (url === '') return 'Enter the URL that receives the events';
  if (url.length > MAX_URL_LENGTH) return `At most ${MAX_URL_LENGTH} characters`;
  const authority = HTTP_URL.exec(url)?.[1];
  if (authority === undefined) return 'An absolute http or https URL, like https://erp.example.com/hooks';
  if (authority.includes('@'))
    return 'No user or password in the URL: the receiver checks the signature instead';
  return undefined;
};

/** The API's refusal of one field (its `details`), with its code, to show beside that field. */
export const apiFieldError = (error: unknown, field: string): string | undefined => {
  if (!isShopApiError(error)) return undefined;
  const detail = error.details?.find(
    (candidate) => candidate.field === field || candidate.field.startsWith(`${field}.`),
  );
  return detail ? `${error.code}: ${detail.message}` : undefined;
};

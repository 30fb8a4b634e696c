import { formatSunAsTrx, type Sun } from '../../money/sun.js';
import type { MailShop } from '../mail-message.js';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML shows it: every `&<>"'` escaped, so user-provided text never becomes markup. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);

/** Control characters and line or paragraph separators, any of which could split a mail header. */
const HEADER_BREAKERS = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;

/** One header line: whatever could end the header (CR, LF, other controls) becomes a space. */
export const headerSafe = (text: string): string =>
  text.replace(HEADER_BREAKERS, ' ').replace(/\s+/g, ' ').trim();

/** An exact amount: every significant digit of the SUN value, never a rounded float. */
export const trx = (amount: Sun): string => `${formatSunAsTrx(amount)} TRX`;

/** A moment in UTC, ISO-like and readable: `2026-11-28 06:45:47 UTC`. */
export const utc = (moment: Date): string => {
  const iso = moment.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
};

/** The shop's public origin, tolerant of a trailing slash in the configuration. */
const origin = (shop: MailShop): string => shop.publicUrl.replace(/\/+$/, '');

/** A link into the shop: `path` holds fixed text, `segment` values are encoded into it. */
export const shopLink = (shop: MailShop, path: string): string => `${origin(shop)}${path}`;

/** One path segment from data (an id), encoded so it cannot leave its segment. */
export const segment = (value: string): string => encodeURIComponent(value);

/** `n thing` or `n things`. */
export const count = (n: number, singular: string, plural: string): string =>
  `${n} ${n === 1 ? singular : plural}`;

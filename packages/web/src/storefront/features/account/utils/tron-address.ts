import type { Checked } from '../../../../shared/account/utils/account-input.js';

/** The API's pattern (ConnectWalletRequest): T and 33 base58 characters. */
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** The network byte of a TRON address, then 20 bytes of account, then a 4-byte checksum. */
const TRON_PREFIX = 0x41;
const DECODED_LENGTH = 25;

const NOT_AN_ADDRESS = 'A TRON address: T followed by 33 letters and digits';
const TYPO = 'This is not a TRON address: a character is wrong or missing (its checksum fails)';

const decodeBase58 = (text: string): Uint8Array<ArrayBuffer> => {
  let value = 0n;
  for (const char of text) value = value * 58n + BigInt(BASE58.indexOf(char));
  const bytes = new Uint8Array(DECODED_LENGTH);
  for (let index = DECODED_LENGTH - 1; index >= 0; index -= 1) {
    bytes[index] = Number(value & 0xffn);
    value >>= 8n;
  }
  return bytes;
};

const sha256 = async (bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));

/**
 * A TRON base58check address, checked before sending so a mistyped one is caught beside the
 * field. The checksum needs Web Crypto, which browsers give secure origins only: elsewhere the
 * pattern is checked and the API's INVALID_ADDRESS catches the rest.
 */
export const checkTronAddress = async (typed: string): Promise<Checked<string>> => {
  const address = typed.trim();
  if (!TRON_ADDRESS.test(address)) return { ok: false, error: NOT_AN_ADDRESS };
  if (!globalThis.crypto?.subtle) return { ok: true, value: address };
  const bytes = decodeBase58(address);
  const payload = bytes.slice(0, 21);
  const checksum = (await sha256(await sha256(payload))).slice(0, 4);
  const intact = payload[0] === TRON_PREFIX && checksum.every((byte, index) => byte === bytes[21 + index]);
  return intact ? { ok: true, value: address } : { ok: false, error: TYPO };
};

/** Narrowing helpers for the JSON a TRON node answers: every reply is `unknown` until checked. */

export type JsonRecord = Readonly<Record<string, unknown>>;

export const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * java-tron omits fields that hold their default value, so an absent number means 0. A present
 * field that is not a safe integer is a reply we cannot trust with money.
 */
export const integerField = (record: JsonRecord, field: string): number | undefined => {
  const value = record[field];
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value) && Number.isSafeInteger(Number(value))) {
    return Number(value);
  }
  throw new MalformedReplyError(`field ${field} is not a safe integer`);
};

export const stringField = (record: JsonRecord, field: string): string | undefined => {
  const value = record[field];
  return typeof value === 'string' ? value : undefined;
};

export const recordField = (record: JsonRecord, field: string): JsonRecord | undefined => {
  const value = record[field];
  return isRecord(value) ? value : undefined;
};

/** A block's `block_header.raw_data` (number, timestamp), as every block reply carries it. */
export const blockHeaderOf = (block: unknown): JsonRecord | undefined =>
  isRecord(block) ? recordField(recordField(block, 'block_header') ?? {}, 'raw_data') : undefined;

/** java-tron answers HTTP 200 with `{"Error": "..."}` for requests it cannot serve. */
export const nodeErrorText = (reply: unknown): string | undefined =>
  isRecord(reply) ? stringField(reply, 'Error') : undefined;

export class MalformedReplyError extends Error {
  override readonly name = 'MalformedReplyError';
}

/** Messages in broadcast answers are hex of UTF-8 when `visible=false` (what TronWeb sends). */
export const decodeNodeMessage = (message: string | undefined): string => {
  if (message === undefined || message === '') return '';
  if (/^(?:[0-9a-fA-F]{2})+$/.test(message)) return Buffer.from(message, 'hex').toString('utf8');
  return message;
};

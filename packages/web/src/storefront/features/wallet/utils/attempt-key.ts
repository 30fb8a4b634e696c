/** One Idempotency-Key per withdrawal attempt: a retry of the same attempt sends the same key. */
export interface AttemptKey {
  readonly attempt: string;
  readonly key: string;
}

const uuidFromRandomBytes = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // RFC 9562 version 4 and variant bits.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** `randomUUID` exists on secure origins only; a shop served over plain HTTP on a LAN still gets a random key. */
export const newIdempotencyKey = (): string =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : uuidFromRandomBytes();

/** The key for `attempt`: the current one while the attempt is unchanged, a fresh one otherwise. */
export const keyForAttempt = (current: AttemptKey | null, attempt: string): AttemptKey =>
  current?.attempt === attempt ? current : { attempt, key: newIdempotencyKey() };

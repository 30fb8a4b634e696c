import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { domainError, type KeyVault } from '@trx-shop/domain';

export interface KeyVaultOptions {
  /** Id of the master key new secrets are sealed with. */
  readonly currentKeyId: string;
  /** Every master key that may still have sealed stored secrets (current and previous), 32 bytes each. */
  readonly keys: ReadonlyMap<string, Buffer>;
}

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
/** GCM's native nonce size; a fresh random one per seal keeps nonces unique under one key. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The id is the text before the first `:`; it must not contain one itself. */
const KEY_ID = /^[A-Za-z0-9_-]{1,64}$/;

const decryptionFailed = (why: string) =>
  domainError('KEY_DECRYPTION_FAILED', `sealed secret cannot be opened: ${why}`);

const splitSealed = (sealed: string): { keyId: string; payload: string } | undefined => {
  const separator = sealed.indexOf(':');
  if (separator <= 0) return undefined;
  return { keyId: sealed.slice(0, separator), payload: sealed.slice(separator + 1) };
};

/**
 * AES-256-GCM sealing as `<keyId>:<base64(iv ‖ ciphertext ‖ tag)>`. The owner id is associated
 * data, so a sealed key copied onto another user's record does not open. GCM's tag makes any
 * tampering, a wrong owner or a wrong master key fail instead of yielding garbage plaintext.
 */
export const createKeyVault = ({ currentKeyId, keys }: KeyVaultOptions): KeyVault => {
  for (const [keyId, key] of keys) {
    if (!KEY_ID.test(keyId)) throw domainError('INTERNAL_ERROR', `key id "${keyId}" must match ${KEY_ID}`);
    if (key.length !== KEY_BYTES)
      throw domainError('INTERNAL_ERROR', `master key "${keyId}" must be 32 bytes`);
  }
  const currentKey = keys.get(currentKeyId);
  if (currentKey === undefined)
    throw domainError('INTERNAL_ERROR', `current key id "${currentKeyId}" has no key`);

  return {
    async seal(plaintext, ownerId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, currentKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(ownerId, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${currentKeyId}:${Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64')}`;
    },

    async open(sealed, ownerId) {
      const parts = splitSealed(sealed);
      if (parts === undefined) throw decryptionFailed('no key id prefix');
      const key = keys.get(parts.keyId);
      if (key === undefined) throw decryptionFailed(`unknown key id "${parts.keyId}"`);
      const bytes = Buffer.from(parts.payload, 'base64');
      if (bytes.length < IV_BYTES + TAG_BYTES || bytes.toString('base64') !== parts.payload) {
        throw decryptionFailed('malformed payload');
      }
      const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(ownerId, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw decryptionFailed('authentication failed (tampered, wrong owner or wrong master key)');
      }
    },

    needsRotation(sealed) {
      return splitSealed(sealed)?.keyId !== currentKeyId;
    },
  };
};

import { randomBytes } from 'node:crypto';
import { DomainError } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { createKeyVault } from '../src/index.js';

const PRIVATE_KEY = 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90';
const OWNER = '65a1f0c2e4b0a1b2c3d4e5f6';
const keyOne = randomBytes(32);
const keyTwo = randomBytes(32);

const vaultWith = (currentKeyId: string, keys: Record<string, Buffer>) =>
  createKeyVault({ currentKeyId, keys: new Map(Object.entries(keys)) });

const payloadOf = (sealed: string) => Buffer.from(sealed.slice(sealed.indexOf(':') + 1), 'base64');

const expectDecryptionFailure = async (opening: Promise<string>) => {
  const error = await opening.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe('KEY_DECRYPTION_FAILED');
  expect((error as DomainError).message).not.toContain(PRIVATE_KEY);
};

describe('key vault', () => {
  it('opens what it sealed for the same owner, and the sealed text carries the key id but not the secret', async () => {
    const vault = vaultWith('k1', { k1: keyOne });
    const sealed = await vault.seal(PRIVATE_KEY, OWNER);
    expect(sealed.startsWith('k1:')).toBe(true);
    expect(sealed).not.toContain(PRIVATE_KEY);
    // 12-byte IV + 64 bytes of ciphertext (GCM keeps the length) + 16-byte tag.
    expect(payloadOf(sealed).length).toBe(12 + PRIVATE_KEY.length + 16);
    expect(await vault.open(sealed, OWNER)).toBe(PRIVATE_KEY);
  });

  it('uses a fresh IV for every seal, so sealing the same secret twice never gives the same text', async () => {
    const vault = vaultWith('k1', { k1: keyOne });
    const ivs = new Set<string>();
    const sealedTexts = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const sealed = await vault.seal(PRIVATE_KEY, OWNER);
      sealedTexts.add(sealed);
      ivs.add(payloadOf(sealed).subarray(0, 12).toString('hex'));
    }
    expect(ivs.size).toBe(200);
    expect(sealedTexts.size).toBe(200);
  });

  it('fails with KEY_DECRYPTION_FAILED when any byte of IV, ciphertext or tag is flipped', async () => {
    const vault = vaultWith('k1', { k1: keyOne });
    const sealed = await vault.seal(PRIVATE_KEY, OWNER);
    const payload = payloadOf(sealed);
    for (let index = 0; index < payload.length; index += 1) {
      const tampered = Buffer.from(payload);
      tampered[index] = (tampered[index] ?? 0) ^ 0x01;
      await expectDecryptionFailure(vault.open(`k1:${tampered.toString('base64')}`, OWNER));
    }
  });

  it('fails with KEY_DECRYPTION_FAILED when opened for another owner', async () => {
    const vault = vaultWith('k1', { k1: keyOne });
    const sealed = await vault.seal(PRIVATE_KEY, OWNER);
    await expectDecryptionFailure(vault.open(sealed, '65a1f0c2e4b0a1b2c3d4e5f7'));
  });

  it('fails with KEY_DECRYPTION_FAILED when the key id is unknown or missing', async () => {
    const sealed = await vaultWith('k1', { k1: keyOne }).seal(PRIVATE_KEY, OWNER);
    const otherVault = vaultWith('k2', { k2: keyTwo });
    await expectDecryptionFailure(otherVault.open(sealed, OWNER));
    await expectDecryptionFailure(otherVault.open(sealed.slice(sealed.indexOf(':') + 1), OWNER));
  });

  it('fails with KEY_DECRYPTION_FAILED when the key id names a different master key', async () => {
    const sealed = await vaultWith('k1', { k1: keyOne }).seal(PRIVATE_KEY, OWNER);
    await expectDecryptionFailure(vaultWith('k1', { k1: keyTwo }).open(sealed, OWNER));
  });

  it('fails with KEY_DECRYPTION_FAILED on a truncated or non-base64 payload', async () => {
    const vault = vaultWith('k1', { k1: keyOne });
    const sealed = await vault.seal(PRIVATE_KEY, OWNER);
    await expectDecryptionFailure(vault.open(sealed.slice(0, 20), OWNER));
    await expectDecryptionFailure(vault.open(`k1:${'!'.repeat(60)}`, OWNER));
  });

  it('opens secrets sealed under a previous key and reports them as needing rotation until re-sealed', async () => {
    const oldVault = vaultWith('k1', { k1: keyOne });
    const sealedWithOld = await oldVault.seal(PRIVATE_KEY, OWNER);
    const rotatedVault = vaultWith('k2', { k1: keyOne, k2: keyTwo });
    expect(rotatedVault.needsRotation(sealedWithOld)).toBe(true);
    const plaintext = await rotatedVault.open(sealedWithOld, OWNER);
    const resealed = await rotatedVault.seal(plaintext, OWNER);
    expect(resealed.startsWith('k2:')).toBe(true);
    expect(rotatedVault.needsRotation(resealed)).toBe(false);
    expect(await rotatedVault.open(resealed, OWNER)).toBe(PRIVATE_KEY);
    expect(oldVault.needsRotation(sealedWithOld)).toBe(false);
  });

  it('refuses to start with a master key that is not 32 bytes or a current key id without a key', () => {
    expect(() => vaultWith('k1', { k1: randomBytes(16) })).toThrow(/32 bytes/);
    expect(() => vaultWith('k3', { k1: keyOne })).toThrow(/no key/);
  });
});

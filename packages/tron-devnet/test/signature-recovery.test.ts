import { createHash, randomBytes } from 'node:crypto';
import { TronWeb, utils } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { recoverSigner } from '../src/chain/signed-transaction.js';

/** TronWeb's own signer and address derivation (its pure-JS curve), independent of the devnet's. */
const signedBy = (privateKey: string, txId: string): string =>
  utils.crypto.ECKeySign(Buffer.from(txId, 'hex'), Buffer.from(privateKey, 'hex'));
const addressOf = (privateKey: string): string =>
  TronWeb.address.toHex(TronWeb.address.fromPrivateKey(privateKey) as string).toLowerCase();

describe('recoverSigner: the signer of a txID, as java-tron recovers it', () => {
  it('names the key that signed, for 200 random keys and transactions', () => {
    for (let round = 0; round < 200; round += 1) {
      const privateKey = randomBytes(32).toString('hex');
      const txId = createHash('sha256').update(randomBytes(40)).digest('hex');
      expect(recoverSigner(txId, signedBy(privateKey, txId))).toEqual({
        kind: 'signed-by',
        address: addressOf(privateKey),
      });
    }
  });

  it('names someone else when the txID differs from the one signed', () => {
    const privateKey = randomBytes(32).toString('hex');
    const txId = createHash('sha256').update('signed').digest('hex');
    const other = createHash('sha256').update('broadcast').digest('hex');
    const check = recoverSigner(other, signedBy(privateKey, txId));
    expect(check.kind).toBe('signed-by');
    expect(check).not.toEqual({ kind: 'signed-by', address: addressOf(privateKey) });
  });

  it('reads only the first 65 bytes, and refuses fewer', () => {
    const privateKey = randomBytes(32).toString('hex');
    const txId = createHash('sha256').update('long').digest('hex');
    const signature = signedBy(privateKey, txId);
    expect(recoverSigner(txId, `${signature}00ff`)).toEqual({
      kind: 'signed-by',
      address: addressOf(privateKey),
    });
    expect(recoverSigner(txId, signature.slice(0, 128))).toEqual({
      kind: 'malformed',
      detail: 'Signature size is 64',
    });
  });
});

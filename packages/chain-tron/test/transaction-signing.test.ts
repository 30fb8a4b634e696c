import { TronWeb } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { SigningRefused, signTransaction } from '../src/transaction-signing.js';

// Offline: with a block header given, TronWeb's builder never calls the node.
const tronWeb = new TronWeb({ fullHost: 'http://127.0.0.1:9' });
const blockHeader = {
  ref_block_bytes: '1a2b',
  ref_block_hash: '0123456789abcdef',
  timestamp: 1_800_000_000_000,
  expiration: 1_800_000_060_000,
};

const unsignedTransfer = async (from: string, amount: number) => {
  const to = (await TronWeb.createAccount()).address.base58;
  return tronWeb.transactionBuilder.sendTrx(to, amount, from, { blockHeader });
};

describe('signTransaction: what TronWeb would sign, without its pure-JS curve', () => {
  it("makes TronWeb's own signature, byte for byte, for 50 random keys and amounts", async () => {
    for (let round = 0; round < 50; round += 1) {
      const sender = await TronWeb.createAccount();
      const unsigned = await unsignedTransfer(sender.address.base58, 1 + Math.floor(Math.random() * 1e12));
      const expected = await tronWeb.trx.sign(unsigned, sender.privateKey);
      const signed = signTransaction(unsigned, sender.privateKey);
      expect(signed.signature).toEqual(expected.signature);
      expect(signed.txID).toBe(unsigned.txID);
      expect(signed.raw_data_hex).toBe(unsigned.raw_data_hex);
      expect(unsigned).not.toHaveProperty('signature');
    }
  });

  it("refuses a key that is not the sender's, without quoting it", async () => {
    const sender = await TronWeb.createAccount();
    const stranger = await TronWeb.createAccount();
    const unsigned = await unsignedTransfer(sender.address.base58, 5);
    const attempt = () => signTransaction(unsigned, stranger.privateKey);
    expect(attempt).toThrow(SigningRefused);
    expect(attempt).toThrow('the key does not belong to the sender');
  });

  it('refuses a txID that is not the hash of the raw data (the bytes signed would not be the ones checked)', async () => {
    const sender = await TronWeb.createAccount();
    const unsigned = await unsignedTransfer(sender.address.base58, 5);
    const tampered = {
      ...unsigned,
      txID: `${unsigned.txID.slice(0, 63)}${unsigned.txID.endsWith('0') ? '1' : '0'}`,
    };
    expect(() => signTransaction(tampered, sender.privateKey)).toThrow(
      'the txID is not the hash of the raw data',
    );
  });

  it.each([
    ['not hex', 'zz'.repeat(32)],
    ['too short', 'ab'.repeat(31)],
    ['zero', '00'.repeat(32)],
    ['above the curve order', 'ff'.repeat(32)],
  ])('refuses a key that is %s, with a text that does not quote it', async (_, key) => {
    const sender = await TronWeb.createAccount();
    const unsigned = await unsignedTransfer(sender.address.base58, 5);
    let refusal: unknown;
    try {
      signTransaction(unsigned, key);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(SigningRefused);
    expect(String((refusal as Error).message)).not.toContain(key);
  });
});

import { randomBytes, randomInt } from 'node:crypto';
import { TronWeb } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { signedTransferBandwidthBytes, transferRawDataBytes } from '../src/transfer-size.js';

// Offline: with a block header given, TronWeb's builder never calls the node.
const tronWeb = new TronWeb({ fullHost: 'http://127.0.0.1:9' });

/** Milliseconds between 2004 and 2109: the range the sizing rule claims. */
const EARLIEST_MS = Date.UTC(2004, 0, 1);
const LATEST_MS = Date.UTC(2109, 0, 1);

const builtRawBytes = async (amountSun: number, timestamp: number): Promise<number> => {
  const [sender, recipient] = [await TronWeb.createAccount(), await TronWeb.createAccount()];
  const transfer = await tronWeb.transactionBuilder.sendTrx(
    recipient.address.base58,
    amountSun,
    sender.address.base58,
    {
      blockHeader: {
        ref_block_bytes: randomBytes(2).toString('hex'),
        ref_block_hash: randomBytes(8).toString('hex'),
        timestamp,
        expiration: timestamp + 60_000,
      },
    },
  );
  return transfer.raw_data_hex.length / 2;
};

describe('transferRawDataBytes: the size of the transfer TronWeb builds, without building it', () => {
  it('matches TronWeb at every varint boundary of the amount, from 1 SUN to the largest safe integer', async () => {
    const amounts = [1, Number.MAX_SAFE_INTEGER];
    for (let bits = 7; bits < 53; bits += 7) amounts.push(2 ** bits - 1, 2 ** bits);
    for (const amountSun of amounts) {
      expect(transferRawDataBytes(amountSun), `amount ${amountSun}`).toBe(
        await builtRawBytes(amountSun, Date.UTC(2026, 10, 25)),
      );
    }
  });

  it('matches TronWeb for random amounts, addresses, reference blocks and times from 2004 to 2109', async () => {
    for (let run = 0; run < 40; run += 1) {
      const amountSun = randomInt(1, 2 ** 47);
      const timestamp = randomInt(EARLIEST_MS, LATEST_MS - 60_000);
      expect(transferRawDataBytes(amountSun), `amount ${amountSun} at ${timestamp}`).toBe(
        await builtRawBytes(amountSun, timestamp),
      );
    }
  });

  it('charges the signed size: the raw field, one 65-byte signature and the 64-byte result reserve', () => {
    // 1 TRX: a 3-byte varint, so 133 raw bytes; 1+2+133, 1+1+65 and 64.
    expect(signedTransferBandwidthBytes(transferRawDataBytes(1_000_000))).toBe(136 + 67 + 64);
  });
});

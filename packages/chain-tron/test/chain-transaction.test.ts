import { javaTronFixture } from '@trx-shop/test-kit';
import { describe, expect, it } from 'vitest';
import { chainTransactionOf } from '../src/chain-transaction.js';
import { TronWeb } from '../src/tronweb-library.js';

/*
 * findTransaction's reading of java-tron's replies, over the ones recorded from the TRON HTTP API
 * documentation (tron-devnet/test/fixtures): a TRX transfer and its transaction info.
 */
type Json = Record<string, unknown>;
const transaction = javaTronFixture('gettransactionbyid-transfer.txt') as Json;
const info = javaTronFixture('gettransactioninfobyid-transfer.txt') as Json;
const value = (
  (transaction.raw_data as Json).contract as {
    parameter: { value: { amount: number; owner_address: string; to_address: string } };
  }[]
)[0]?.parameter.value;

describe('chainTransactionOf', () => {
  it('reads a documented solidified transfer: its block, block time and transfer in base58', () => {
    expect(chainTransactionOf({ solid: transaction, info })).toEqual({
      kind: 'solid',
      blockNumber: info.blockNumber,
      blockTime: new Date(info.blockTimeStamp as number),
      transfer: {
        txId: transaction.txID,
        fromAddress: TronWeb.address.fromHex(value?.owner_address ?? ''),
        toAddress: TronWeb.address.fromHex(value?.to_address ?? ''),
        amountSun: value?.amount,
        succeeded: true,
      },
    });
  });

  it('answers a null transfer for a solidified transaction of another contract', () => {
    const raw = transaction.raw_data as Json;
    const vote = {
      ...transaction,
      raw_data: { ...raw, contract: [{ type: 'VoteWitnessContract', parameter: { value: {} } }] },
    };
    expect(chainTransactionOf({ solid: vote, info })).toMatchObject({ kind: 'solid', transfer: null });
  });

  it('tells a transaction the full node has but the solidity node does not yet from one nobody has', () => {
    expect(chainTransactionOf({ head: transaction })).toEqual({ kind: 'not-solid' });
    expect(chainTransactionOf({ head: {} })).toEqual({ kind: 'unknown' });
  });

  it('refuses a solidified transaction whose info has no block, and a node error', () => {
    expect(() => chainTransactionOf({ solid: transaction, info: {} })).toThrow(/no block/);
    expect(() =>
      chainTransactionOf({ head: { Error: 'class org.tron.core.exception.BadItemException' } }),
    ).toThrow(/BadItemException/);
  });
});

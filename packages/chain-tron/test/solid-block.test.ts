import { javaTronFixture } from '@trx-shop/test-kit';
import { describe, expect, it } from 'vitest';
import { TronWeb } from '../src/tronweb-library.js';
import { solidBlockOfReply } from '../src/solid-block.js';

/*
 * The scanner's reading of `walletsolidity/getblockbynum`, over replies recorded from the TRON
 * documentation (tron-devnet/test/fixtures): the header of a real block, and a real TRX transfer
 * as java-tron prints it (hex addresses, `ret[0].contractRet`).
 */
type Json = Record<string, unknown>;
const header = javaTronFixture('getnowblock.txt') as Json;
const transfer = javaTronFixture('gettransactionbyid-transfer.txt') as Json;
const value = (
  (transfer.raw_data as Json).contract as {
    parameter: { value: { amount: number; owner_address: string; to_address: string } };
  }[]
)[0]?.parameter.value;
const raw = header.block_header as { raw_data: { number: number; timestamp: number } };

const blockWith = (transactions: unknown[]) => ({ ...header, transactions });

describe('solidBlockOfReply', () => {
  it('reads a documented block and its documented TRX transfer, addresses in base58', () => {
    const block = solidBlockOfReply(blockWith([transfer]));
    expect(block).toEqual({
      number: raw.raw_data.number,
      time: new Date(raw.raw_data.timestamp),
      transfers: [
        {
          txId: transfer.txID,
          fromAddress: TronWeb.address.fromHex(value?.owner_address ?? ''),
          toAddress: TronWeb.address.fromHex(value?.to_address ?? ''),
          amountSun: value?.amount,
          succeeded: true,
        },
      ],
      usdtTransfers: [],
    });
    expect(block?.transfers[0]?.fromAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  });

  it('reads the same transfer from the visible form, its addresses already base58check', () => {
    const base58 = (hex: string | undefined) => TronWeb.address.fromHex(hex ?? '');
    const contract = ((transfer.raw_data as Json).contract as Json[])[0] as Json;
    const visible = {
      ...transfer,
      raw_data: {
        ...(transfer.raw_data as Json),
        contract: [
          {
            ...contract,
            parameter: {
              ...(contract.parameter as Json),
              value: {
                ...value,
                owner_address: base58(value?.owner_address),
                to_address: base58(value?.to_address),
              },
            },
          },
        ],
      },
    };
    const [fromHex] = solidBlockOfReply(blockWith([transfer]))?.transfers ?? [];
    const [fromVisible] = solidBlockOfReply(blockWith([visible]))?.transfers ?? [];
    expect(fromVisible?.toAddress).toBe(base58(value?.to_address));
    expect(fromVisible?.fromAddress).toBe(base58(value?.owner_address));
    expect({ ...fromVisible }).toEqual({ ...fromHex });
  });

  it('marks a transfer whose contract did not succeed, and leaves other contracts out', () => {
    const failed = { ...transfer, txID: 'f'.repeat(64), ret: [{ contractRet: 'OUT_OF_TIME' }] };
    const vote = {
      ...transfer,
      txID: 'e'.repeat(64),
      raw_data: { contract: [{ type: 'VoteWitnessContract', parameter: { value: {} } }] },
    };
    const block = solidBlockOfReply(blockWith([failed, vote]));
    expect(block?.transfers.map((item) => [item.txId, item.succeeded])).toEqual([['f'.repeat(64), false]]);
  });

  it('answers null for `{}` (not solid yet) and an empty list for a block without transactions', () => {
    expect(solidBlockOfReply({})).toBeNull();
    const { transactions: _dropped, ...empty } = blockWith([]);
    expect(solidBlockOfReply(empty)?.transfers).toEqual([]);
  });

  it('refuses a block without a header rather than guessing', () => {
    expect(() => solidBlockOfReply({ blockID: 'a'.repeat(64) })).toThrow(/header/);
  });
});

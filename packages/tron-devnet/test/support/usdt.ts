import { TronWeb } from 'tronweb';
import { DEVNET_USDT_CONTRACT } from '../../src/index.js';
import type { DevnetClient, Json, TestAccount } from './devnet-client.js';

/**
 * Facts from shared/reference/tron-trc20.md, written out here rather than taken from the devnet's
 * code, so a test fails when the devnet drifts from them.
 */
export const REFERENCE = {
  energyToHolder: 64_285,
  energyToNonHolder: 130_285,
  penaltyToHolder: 49_635,
  energyPriceSun: 100,
  maxFeeLimitSun: 15_000_000_000,
  transferBandwidthBytes: 345,
  burnSunPerByte: 1000,
  transferSelector: 'a9059cbb',
  balanceOfSelector: '70a08231',
  revertReasonSelector: '08c379a0',
  transferTopic: 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  /** TronWeb's `feeLimit` when a call names none: 150 TRX. */
  tronWebDefaultFeeLimitSun: 150_000_000,
};

/** One USDT in base units (6 decimals). */
export const USDT = 1_000_000;

/** The TRC-20 ABI as an application ships it (lowercase enums), for `tronWeb.contract(abi, address)`. */
export const TRC20_ABI = [
  {
    inputs: [{ name: 'who', type: 'address' }],
    name: 'balanceOf',
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [
      { name: '_to', type: 'address' },
      { name: '_value', type: 'uint256' },
    ],
    name: 'transfer',
    outputs: [{ name: '', type: 'bool' }],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [],
    name: 'decimals',
    outputs: [{ name: '', type: 'uint8' }],
    stateMutability: 'view',
    type: 'function',
  },
] as const;

export const hexOf = (text: string) => Buffer.from(text, 'utf8').toString('hex');
export const textOf = (hex: unknown) => Buffer.from(String(hex), 'hex').toString('utf8');

/** A 20-byte address (from base58 or 41-hex) left-padded to an ABI word, as TronWeb encodes it. */
export const addressWord = (address: string) =>
  TronWeb.address.toHex(address).toLowerCase().slice(2).padStart(64, '0');

export const uintWord = (value: number | bigint) => BigInt(value).toString(16).padStart(64, '0');

export const usdtContractHex = () => TronWeb.address.toHex(DEVNET_USDT_CONTRACT).toLowerCase();

/** TronWeb signing as `account`, as an application holding its key uses it. */
export const tronWebOf = (client: DevnetClient, account: TestAccount) =>
  new TronWeb({ fullHost: client.devnet.url, privateKey: account.privateKey });

/** The head-state balance through TronWeb's unchanged contract path (`balanceOf().call()`). */
export const headUsdtBalance = async (client: DevnetClient, address: string): Promise<bigint> => {
  const contract = client.tronWeb.contract(TRC20_ABI, DEVNET_USDT_CONTRACT);
  return BigInt(await contract.balanceOf(address).call({ from: address }));
};

/** The solid-state balance through TronWeb's `triggerConfirmedConstantContract` (walletsolidity). */
export const solidUsdtBalance = async (client: DevnetClient, address: string): Promise<bigint> => {
  const reply = await client.tronWeb.transactionBuilder.triggerConfirmedConstantContract(
    DEVNET_USDT_CONTRACT,
    'balanceOf(address)',
    {},
    [{ type: 'address', value: address }],
    address,
  );
  return BigInt(`0x${reply.constant_result?.[0] ?? ''}`);
};

/** `transfer(to, amount).send()` as an application calls it, signed by `from`; answers the txID. */
export const sendUsdt = async (
  client: DevnetClient,
  from: TestAccount,
  to: string,
  amount: number | bigint,
  feeLimit = 50_000_000,
): Promise<string> => {
  const contract = await tronWebOf(client, from).contract().at(DEVNET_USDT_CONTRACT);
  return contract.transfer(to, amount.toString()).send({ feeLimit });
};

/** The same transfer built, signed and broadcast by hand, so the reply stays visible to the test. */
export const signedUsdtTransfer = async (
  client: DevnetClient,
  from: TestAccount,
  to: string,
  amount: number | bigint,
  feeLimit = 50_000_000,
) => {
  const tronWeb = tronWebOf(client, from);
  const { transaction } = await tronWeb.transactionBuilder.triggerSmartContract(
    DEVNET_USDT_CONTRACT,
    'transfer(address,uint256)',
    { feeLimit },
    [
      { type: 'address', value: to },
      { type: 'uint256', value: amount.toString() },
    ],
    from.base58,
  );
  return tronWeb.trx.sign(transaction, from.privateKey);
};

export const broadcast = async (client: DevnetClient, signed: unknown): Promise<Json> =>
  (await client.tronWeb.trx.sendRawTransaction(signed as never)) as unknown as Json;

import { javaTronFixture } from '@trx-shop/test-kit';
import { TronWeb } from 'tronweb';
import { afterEach, describe, expect, it } from 'vitest';
import { createTronChain } from '../src/index.js';
import { usdtTransferRawDataBytes } from '../src/transfer-size.js';
import { expectDomainError } from './expect-domain-error.js';
import { type ScriptedNode, Scripted, startScriptedNode } from './scripted-node.js';

/*
 * The adapter's reading of USDT replies the devnet cannot produce: a real mainnet receipt and
 * logs (tron-trc20.md section 1c), a malformed log, another contract's log, an address word with
 * a non-zero upper byte (wallet-cli's form), amounts beyond the safe-integer range, and the
 * requests it makes or spares.
 */

const MAINNET_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_LOG_ADDRESS = 'a614f803b6fd780986a42c78ec9c7f77e6ded13c';
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const FROM_WORD = '00000000000000000000000060e6e92e57d61a9d68b5d95275cc9667d9e6c7c9';
const TO_WORD = '000000000000000000000000cdae4e9a6287333a3f7df432b050af7b17e79e63';
const AMOUNT_WORD = '00000000000000000000000000000000000000000000000000000000003567e0';
const TX_ID = `b69c51db${'0'.repeat(56)}`;
const base58OfWord = (word: string) => TronWeb.address.fromHex(`41${word.slice(24)}`);
const word = (value: bigint) => value.toString(16).padStart(64, '0');

/** The mainnet USDT transfer's info as recorded (its id shortened in the record). */
const mainnetInfo = {
  id: TX_ID,
  fee: 345_000,
  blockNumber: 66_861_993,
  blockTimeStamp: 1_731_235_554_000,
  contractResult: ['0'.repeat(64)],
  contract_address: `41${USDT_LOG_ADDRESS}`,
  receipt: {
    energy_usage: 64_285,
    energy_usage_total: 64_285,
    net_fee: 345_000,
    result: 'SUCCESS',
    energy_penalty_total: 49_635,
  },
  log: [{ address: USDT_LOG_ADDRESS, topics: [TRANSFER_TOPIC, FROM_WORD, TO_WORD], data: AMOUNT_WORD }],
};

type Json = Record<string, unknown>;
const header = javaTronFixture('getnowblock.txt') as Json;
const trxTransfer = javaTronFixture('gettransactionbyid-transfer.txt') as Json;
const contractCall = (txID: string) => ({
  txID,
  ret: [{ contractRet: 'SUCCESS' }],
  raw_data: { contract: [{ type: 'TriggerSmartContract', parameter: { value: {} } }] },
});

const opened: ScriptedNode[] = [];
const scriptedNode = async (answers: Record<string, unknown>) => {
  const node = await startScriptedNode(answers);
  opened.push(node);
  return node;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((node) => node.close()));
});

const usdtChain = (url: string, usdt: Partial<Parameters<typeof createTronChain>[0]['usdt']> = {}) =>
  createTronChain({
    fullHost: url,
    timeoutMs: 2_000,
    usdt: { contractAddress: MAINNET_USDT, feeLimitCapSun: 100_000_000, ...usdt },
  });

const blockNode = (transactions: unknown[], infos: unknown) =>
  scriptedNode({
    '/walletsolidity/getblockbynum': { ...header, transactions },
    '/walletsolidity/gettransactioninfobyblocknum': infos,
  });

describe('a solid block’s USDT transfers, from its transaction infos', () => {
  it('reads the documented mainnet Transfer log: addresses from the topics, amount from the data', async () => {
    const node = await blockNode([contractCall(TX_ID)], [mainnetInfo]);
    const block = await usdtChain(node.url).solidBlock(66_861_993);
    expect(block?.usdtTransfers).toEqual([
      {
        txId: TX_ID,
        logIndex: 0,
        fromAddress: base58OfWord(FROM_WORD),
        toAddress: base58OfWord(TO_WORD),
        amount: 0x3567e0,
      },
    ]);
    const infosRequest = node.requests.find((request) =>
      request.path.endsWith('gettransactioninfobyblocknum'),
    );
    expect(JSON.parse(infosRequest?.body ?? '{}')).toEqual({ num: 66_861_993 });
  });

  it('leaves out other contracts’ logs, other events, failed calls and amounts beyond the safe range', async () => {
    const other = 'ea51342dabbb928ae1e576bd39eff8aaf070a8c6';
    const transferLog = (data = AMOUNT_WORD) => ({
      address: USDT_LOG_ADDRESS,
      topics: [TRANSFER_TOPIC, FROM_WORD, TO_WORD],
      data,
    });
    const infos = [
      {
        ...mainnetInfo,
        id: 'a'.repeat(64),
        log: [
          { address: other, topics: [TRANSFER_TOPIC, FROM_WORD, TO_WORD], data: AMOUNT_WORD },
          {
            address: USDT_LOG_ADDRESS,
            topics: ['8c5be1e5'.padEnd(64, '0'), FROM_WORD, TO_WORD],
            data: AMOUNT_WORD,
          },
          transferLog(word(2n ** 53n + 1n)),
          transferLog(),
        ],
      },
      {
        ...mainnetInfo,
        id: 'b'.repeat(64),
        result: 'FAILED',
        receipt: { ...mainnetInfo.receipt, result: 'REVERT' },
        log: [transferLog()],
      },
    ];
    const node = await blockNode([contractCall('a'.repeat(64)), contractCall('b'.repeat(64))], infos);
    const block = await usdtChain(node.url).solidBlock(5);
    expect(block?.usdtTransfers.map(({ txId, logIndex, amount }) => [txId, logIndex, amount])).toEqual([
      ['a'.repeat(64), 3, 0x3567e0],
    ]);
  });

  it('reads the recipient from the low 20 bytes of a word whose upper bytes are not zero', async () => {
    const wideTo = `0000000000000000000000${'41'}${TO_WORD.slice(24)}`;
    const infos = [
      { ...mainnetInfo, log: [{ ...mainnetInfo.log[0], topics: [TRANSFER_TOPIC, FROM_WORD, wideTo] }] },
    ];
    const node = await blockNode([contractCall(TX_ID)], infos);
    const block = await usdtChain(node.url).solidBlock(5);
    expect(block?.usdtTransfers[0]?.toAddress).toBe(base58OfWord(TO_WORD));
  });

  it('reads a log whose address the node wrote in base58 (visible) or with its 0x41', async () => {
    for (const address of [MAINNET_USDT, `41${USDT_LOG_ADDRESS}`]) {
      const infos = [{ ...mainnetInfo, log: [{ ...mainnetInfo.log[0], address }] }];
      const node = await blockNode([contractCall(TX_ID)], infos);
      expect((await usdtChain(node.url).solidBlock(5))?.usdtTransfers).toHaveLength(1);
    }
  });

  it('refuses a block whose token Transfer log is malformed, or whose contract calls have no infos', async () => {
    const twoTopics = [
      { ...mainnetInfo, log: [{ ...mainnetInfo.log[0], topics: [TRANSFER_TOPIC, FROM_WORD] }] },
    ];
    const shortData = [{ ...mainnetInfo, log: [{ ...mainnetInfo.log[0], data: '3567e0' }] }];
    for (const infos of [twoTopics, shortData, []]) {
      const node = await blockNode([contractCall(TX_ID)], infos);
      const failure = await expectDomainError(usdtChain(node.url).solidBlock(5), 'CHAIN_UNAVAILABLE');
      expect(failure.message).toMatch(/Transfer log|no transaction infos/);
    }
  });

  it('asks for no infos when USDT is off, or when the block holds no contract call', async () => {
    const off = await blockNode([contractCall(TX_ID)], [mainnetInfo]);
    const offChain = createTronChain({ fullHost: off.url, timeoutMs: 2_000 });
    expect(offChain.usdt).toBeNull();
    expect((await offChain.solidBlock(5))?.usdtTransfers).toEqual([]);
    const trxOnly = await blockNode([trxTransfer], [mainnetInfo]);
    expect((await usdtChain(trxOnly.url).solidBlock(5))?.usdtTransfers).toEqual([]);
    for (const node of [off, trxOnly]) {
      expect(node.requests.map((request) => request.path)).toEqual(['/walletsolidity/getblockbynum']);
    }
  });
});

describe('a USDT transfer’s lookup: the receipt and the log, never the return value', () => {
  const lookupNode = (info: unknown) =>
    scriptedNode({
      '/walletsolidity/gettransactioninfobyid': info,
      '/walletsolidity/gettransactionbyid': {},
    });

  it('reads the documented receipt as succeeded, though the contract returned false', async () => {
    const node = await lookupNode(mainnetInfo);
    expect(await usdtChain(node.url).lookupTransfer(TX_ID)).toEqual({
      kind: 'confirmed',
      blockNumber: 66_861_993,
      feeSun: 345_000,
      succeeded: true,
      receipt: {
        result: 'SUCCESS',
        energyUsed: 64_285,
        energyFeeSun: 0,
        bandwidthUsed: 0,
        bandwidthFeeSun: 345_000,
        usdtTransfers: [
          {
            txId: TX_ID,
            logIndex: 0,
            fromAddress: base58OfWord(FROM_WORD),
            toAddress: base58OfWord(TO_WORD),
            amount: 0x3567e0,
          },
        ],
      },
    });
  });

  it('a call of the token that says SUCCESS but logged no Transfer did not succeed', async () => {
    const node = await lookupNode({ ...mainnetInfo, log: [] });
    expect(await usdtChain(node.url).lookupTransfer(TX_ID)).toMatchObject({
      succeeded: false,
      receipt: { result: 'SUCCESS', usdtTransfers: [] },
    });
  });

  it('reports the documented OUT_OF_ENERGY receipt: energy burned, nothing moved', async () => {
    // tron-trc20.md section 3, tx e63a324a...: the whole limit of 78,572 energy at 210 SUN.
    const outOfEnergy = {
      id: TX_ID,
      fee: 16_500_120,
      blockNumber: 7,
      result: 'FAILED',
      resMessage: Buffer.from("Not enough energy for 'SSTORE' operation executing").toString('hex'),
      contract_address: `41${USDT_LOG_ADDRESS}`,
      receipt: {
        energy_fee: 16_500_120,
        energy_usage_total: 78_572,
        net_usage: 345,
        result: 'OUT_OF_ENERGY',
      },
    };
    const node = await lookupNode(outOfEnergy);
    expect(await usdtChain(node.url).lookupTransfer(TX_ID)).toEqual({
      kind: 'confirmed',
      blockNumber: 7,
      feeSun: 16_500_120,
      succeeded: false,
      receipt: {
        result: 'OUT_OF_ENERGY',
        energyUsed: 78_572,
        energyFeeSun: 16_500_120,
        bandwidthUsed: 345,
        bandwidthFeeSun: 0,
        usdtTransfers: [],
      },
    });
  });

  it('keeps a TRX transfer’s lookup as it was: no receipt', async () => {
    const info = javaTronFixture('gettransactioninfobyid-transfer.txt') as Json;
    const node = await lookupNode(info);
    const lookup = await usdtChain(node.url).lookupTransfer(TX_ID);
    expect(lookup).toEqual({
      kind: 'confirmed',
      blockNumber: info.blockNumber,
      feeSun: info.fee ?? 0,
      succeeded: true,
    });
  });
});

describe('USDT balances and the token’s answers, from view calls', () => {
  const viewNode = (answers: Record<string, unknown>) =>
    scriptedNode({
      '/wallet/triggerconstantcontract': new Scripted((body) => answers[JSON.parse(body).function_selector]),
      '/walletsolidity/triggerconstantcontract': new Scripted(
        (body) => answers[JSON.parse(body).function_selector],
      ),
    });
  const answer = (hex: string) => ({ result: { result: true }, energy_used: 935, constant_result: [hex] });

  it('reads a balance by balanceOf on the solidity node, naming the address as its word', async () => {
    const node = await viewNode({ 'balanceOf(address)': answer(word(123_456_789n)) });
    const { address } = await TronWeb.createAccount();
    expect(await usdtChain(node.url).usdt?.getConfirmedBalance(address.base58)).toBe(123_456_789);
    const [request] = node.requests;
    expect(request?.path).toBe('/walletsolidity/triggerconstantcontract');
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      contract_address: TronWeb.address.toHex(MAINNET_USDT),
      function_selector: 'balanceOf(address)',
      parameter: address.hex.slice(2).toLowerCase().padStart(64, '0'),
    });
  });

  it('refuses a balance beyond the safe-integer range rather than rounding it', async () => {
    const node = await viewNode({ 'balanceOf(address)': answer(word(2n ** 53n + 1n)) });
    const { address } = await TronWeb.createAccount();
    const failure = await expectDomainError(
      usdtChain(node.url).usdt?.getUnconfirmedBalance(address.base58) ?? Promise.resolve(),
      'CHAIN_UNAVAILABLE',
    );
    expect(failure.message).toContain(`${2n ** 53n + 1n} base units is beyond`);
  });

  it('refuses a view call the contract reverted, with java-tron’s message', async () => {
    const reverted = {
      result: { result: true, message: Buffer.from('REVERT opcode executed').toString('hex') },
      constant_result: [''],
    };
    const node = await viewNode({ 'balanceOf(address)': reverted });
    const { address } = await TronWeb.createAccount();
    const failure = await expectDomainError(
      usdtChain(node.url).usdt?.getConfirmedBalance(address.base58) ?? Promise.resolve(),
      'CHAIN_UNAVAILABLE',
    );
    expect(failure.message).toContain('REVERT opcode executed');
  });

  it('decodes symbol() as an ABI string and decimals() as a number', async () => {
    const symbol = `${word(32n)}${word(4n)}${Buffer.from('USDT').toString('hex').padEnd(64, '0')}`;
    const node = await viewNode({ 'symbol()': answer(symbol), 'decimals()': answer(word(6n)) });
    expect(await usdtChain(node.url).usdt?.tokenInfo()).toEqual({ symbol: 'USDT', decimals: 6 });
  });
});

describe('a USDT transfer’s fee estimate', () => {
  const estimateNode = (energyFee: number, recipientTokens: bigint, maxFeeLimit = 15_000_000_000) =>
    scriptedNode({
      '/wallet/getchainparameters': {
        chainParameter: [
          { key: 'getMaxFeeLimit', value: maxFeeLimit },
          { key: 'getEnergyFee', value: energyFee },
          { key: 'getAllowTvmTransferTrc10' },
        ],
      },
      '/wallet/triggerconstantcontract': {
        result: { result: true },
        constant_result: [word(recipientTokens)],
      },
      '/wallet/getaccountresource': { freeNetLimit: 600, freeNetUsed: 0 },
    });
  const request = async () => {
    const [from, to] = [await TronWeb.createAccount(), await TronWeb.createAccount()];
    return { fromAddress: from.address.base58, toAddress: to.address.base58, amount: 1_000_000 };
  };

  it('prices the configured energy at the node’s energy price, read once a minute', async () => {
    const node = await estimateNode(420, 5n);
    const usdt = usdtChain(node.url, { holderEnergy: 70_000 }).usdt;
    const estimate = await usdt?.estimateTransferFee(await request());
    expect(estimate).toMatchObject({ recipientHoldsUsdt: true, energy: 70_000, feeSun: 70_000 * 420 });
    expect(estimate?.feeLimitSun).toBeGreaterThan(70_000 * 420);
    await usdt?.estimateTransferFee(await request());
    const paths = node.requests.map((entry) => entry.path);
    expect(paths.filter((path) => path === '/wallet/getchainparameters')).toHaveLength(1);
  });

  it('uses the non-holder energy for a recipient holding none, and burns bandwidth beyond the free allowance', async () => {
    const node = await scriptedNode({
      '/wallet/getchainparameters': { chainParameter: [{ key: 'getEnergyFee', value: 100 }] },
      '/wallet/triggerconstantcontract': { result: { result: true }, constant_result: [word(0n)] },
      '/wallet/getaccountresource': { freeNetLimit: 600, freeNetUsed: 400 },
    });
    const estimate = await usdtChain(node.url, { nonHolderEnergy: 131_000 }).usdt?.estimateTransferFee(
      await request(),
    );
    expect(estimate).toMatchObject({ recipientHoldsUsdt: false, energy: 131_000 });
    expect(estimate?.feeSun).toBe(131_000 * 100 + (estimate?.bandwidthBytes ?? 0) * 1_000);
  });

  it('caps the fee limit by the configuration and by the chain’s getMaxFeeLimit', async () => {
    const capped = await estimateNode(100, 5n);
    const small = usdtChain(capped.url, { feeLimitCapSun: 5_000_000 }).usdt;
    expect((await small?.estimateTransferFee(await request()))?.feeLimitSun).toBe(5_000_000);
    const chainMax = await estimateNode(100, 5n, 3_000_000);
    const byChain = usdtChain(chainMax.url).usdt;
    expect((await byChain?.estimateTransferFee(await request()))?.feeLimitSun).toBe(3_000_000);
  });

  it('throws CHAIN_UNAVAILABLE when the node names no energy price', async () => {
    const node = await scriptedNode({
      '/wallet/getchainparameters': { chainParameter: [{ key: 'getMaxFeeLimit', value: 1 }] },
      '/wallet/triggerconstantcontract': { result: { result: true }, constant_result: [word(0n)] },
      '/wallet/getaccountresource': {},
    });
    const failure = await expectDomainError(
      usdtChain(node.url).usdt?.estimateTransferFee(await request()) ?? Promise.resolve(),
      'CHAIN_UNAVAILABLE',
    );
    expect(failure.message).toMatch(/getEnergyFee/);
  });
});

describe('a signed USDT transfer', () => {
  it('calls transfer(recipient, amount) on the token with the fee limit asked, sized as the estimate assumes', async () => {
    const node = await scriptedNode({ '/wallet/getblock': header });
    const usdt = usdtChain(node.url, { feeLimitCapSun: 2 ** 40 }).usdt;
    const [from, to] = [await TronWeb.createAccount(), await TronWeb.createAccount()];
    for (let bits = 7; bits <= 35; bits += 7) {
      for (const feeLimitSun of [2 ** bits - 1, 2 ** bits]) {
        const signed = await usdt?.signTransfer(
          { fromAddress: from.address.base58, toAddress: to.address.base58, amount: 12_345_678, feeLimitSun },
          from.privateKey,
        );
        const transaction = JSON.parse(signed?.signedTransaction ?? '{}');
        expect(transaction.raw_data.fee_limit).toBe(feeLimitSun);
        expect(transaction.raw_data.contract[0].parameter.value).toEqual({
          owner_address: from.address.hex.toLowerCase(),
          contract_address: TronWeb.address.toHex(MAINNET_USDT).toLowerCase(),
          data: `a9059cbb${to.address.hex.slice(2).toLowerCase().padStart(64, '0')}${word(12_345_678n)}`,
        });
        expect(usdtTransferRawDataBytes(feeLimitSun), `fee limit ${feeLimitSun}`).toBe(
          transaction.raw_data_hex.length / 2,
        );
        expect(signed?.txId).toBe(transaction.txID);
      }
    }
  });
});

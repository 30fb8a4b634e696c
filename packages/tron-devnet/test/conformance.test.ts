import { utils } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevnetClient, newAccount, SOLID_DEPTH, type TestAccount, TRX } from './support/devnet-client.js';
import { loadFixture, shapeDifferences } from './support/json-shape.js';

/**
 * Each answer is compared with a real java-tron answer to the same kind of request (fixtures kept
 * verbatim, with their page address): same field names at every level, same JSON types. Where
 * java-tron's example carries fields a TRX-only devnet account can never have, they are listed here
 * with the reason, so the comparison stays exact.
 */
describe('conformance with java-tron responses', () => {
  let client: DevnetClient;
  let sender: TestAccount;
  let recipient: TestAccount;
  let freeTransferId: string;
  let activatingTransferId: string;

  beforeAll(async () => {
    client = await DevnetClient.start();
    sender = await client.fundedAccount(10 * TRX);
    recipient = await client.fundedAccount(1 * TRX);
    freeTransferId = (await client.transfer(sender, recipient.base58, 1 * TRX)).signed.txID;
    activatingTransferId = (await client.transfer(sender, newAccount().base58, 1 * TRX)).signed.txID;
    await client.produceBlocks(SOLID_DEPTH + 1);
  });
  afterAll(() => client.stop());

  it('wallet/getnowblock matches the header shape, and its transactions match gettransactionbyid', async () => {
    const blockNumber = (await client.post('/wallet/gettransactioninfobyid', { value: freeTransferId }))
      .blockNumber;
    const block = await client.post('/wallet/getblock', { id_or_num: String(blockNumber), detail: true });
    expect(shapeDifferences(block, loadFixture('getnowblock.txt'))).toEqual([]);
    const transactions = block.transactions as unknown[];
    expect(transactions).toHaveLength(2);
    for (const transaction of transactions) {
      expect(shapeDifferences(transaction, loadFixture('gettransactionbyid-transfer.txt'))).toEqual([]);
    }
    const emptyHead = await client.post('/wallet/getnowblock');
    expect(emptyHead.transactions).toBeUndefined();
    expect(shapeDifferences({ ...emptyHead, transactions: [] }, loadFixture('getnowblock.txt'))).toEqual([]);
  });

  it('walletsolidity/getblockbynum (what the deposit scanner reads) has the block and transfer shapes of java-tron', async () => {
    const blockNumber = (
      await client.post('/walletsolidity/gettransactioninfobyid', { value: freeTransferId })
    ).blockNumber;
    const block = await client.post('/walletsolidity/getblockbynum', { num: blockNumber });
    expect(shapeDifferences(block, loadFixture('getnowblock.txt'))).toEqual([]);
    const transactions = block.transactions as Record<string, unknown>[];
    expect(transactions.map((transaction) => transaction.txID)).toContain(freeTransferId);
    for (const transaction of transactions) {
      expect(shapeDifferences(transaction, loadFixture('gettransactionbyid-transfer.txt'))).toEqual([]);
    }
    // A block past the solidified head is not served yet: java-tron answers {}.
    const head = (await client.post('/walletsolidity/getnowblock')) as {
      block_header: { raw_data: { number: number } };
    };
    expect(
      await client.post('/walletsolidity/getblockbynum', { num: head.block_header.raw_data.number + 1 }),
    ).toEqual({});
  });

  it('walletsolidity/getblockbynum with visible: true prints every address in base58check, the rest as without it', async () => {
    const blockNumber = (
      await client.post('/walletsolidity/gettransactioninfobyid', { value: freeTransferId })
    ).blockNumber;
    const hexForm = await client.post('/walletsolidity/getblockbynum', { num: blockNumber });
    const visibleForm = await client.post('/walletsolidity/getblockbynum', {
      num: blockNumber,
      visible: true,
    });
    expect(shapeDifferences(visibleForm, loadFixture('getnowblock.txt'))).toEqual([]);
    // The expected form: the hex reply with each address converted by TronWeb.
    const base58 = (hex: unknown) => utils.address.fromHex(String(hex));
    const header = hexForm.block_header as { raw_data: Record<string, unknown> };
    const transactions = hexForm.transactions as {
      raw_data: { contract: { parameter: { value: Record<string, unknown> } }[] };
    }[];
    expect(visibleForm).toEqual({
      ...hexForm,
      block_header: {
        ...header,
        raw_data: { ...header.raw_data, witness_address: base58(header.raw_data.witness_address) },
      },
      transactions: transactions.map((transaction) => ({
        ...transaction,
        raw_data: {
          ...transaction.raw_data,
          contract: transaction.raw_data.contract.map((contract) => ({
            ...contract,
            parameter: {
              ...contract.parameter,
              value: {
                ...contract.parameter.value,
                owner_address: base58(contract.parameter.value.owner_address),
                to_address: base58(contract.parameter.value.to_address),
              },
            },
          })),
        },
      })),
    });
    expect(
      transactions.map((transaction) => transaction.raw_data.contract[0]?.parameter.value.to_address),
    ).toContain(recipient.hex);
  });

  it('walletsolidity/gettransactionbyid matches a transfer returned by java-tron', async () => {
    const transaction = await client.post('/walletsolidity/gettransactionbyid', { value: freeTransferId });
    expect(shapeDifferences(transaction, loadFixture('gettransactionbyid-transfer.txt'))).toEqual([]);
  });

  it('gettransactioninfobyid of a transfer on free bandwidth matches java-tron exactly', async () => {
    const info = await client.post('/walletsolidity/gettransactioninfobyid', { value: freeTransferId });
    expect(shapeDifferences(info, loadFixture('gettransactioninfobyid-transfer.txt'))).toEqual([]);
  });

  it('gettransactioninfobyid of a fee-paying transfer has the fee fields of java-tron, not its contract fields', async () => {
    const info = await client.post('/walletsolidity/gettransactioninfobyid', { value: activatingTransferId });
    expect(shapeDifferences(info, loadFixture('gettransactioninfobyid-with-fee.txt'))).toEqual([
      // Smart-contract execution results: a TransferContract has none.
      '$.contract_address: only java-tron',
      '$.log: only java-tron',
      '$.internal_transactions: only java-tron',
      '$.receipt.energy_fee: only java-tron',
      '$.receipt.energy_usage_total: only java-tron',
      '$.receipt.result: only java-tron',
    ]);
  });

  it('getaccount matches java-tron apart from staking, TRC-10 and window-optimisation fields', async () => {
    const account = await client.post('/wallet/getaccount', { address: sender.hex });
    expect(shapeDifferences(account, loadFixture('getaccount.txt'))).toEqual([
      // Bandwidth/energy window optimisation (proposal-driven bookkeeping, default values here).
      '$.net_window_size: only java-tron',
      '$.net_window_optimized: only java-tron',
      // Stake 2.0 and TRC-10 holdings: the devnet has neither.
      '$.frozenV2: only java-tron',
      '$.assetV2: only java-tron',
      '$.free_asset_net_usageV2: only java-tron',
      '$.asset_optimized: only java-tron',
      // Energy bookkeeping: java-tron's example account has called contracts.
      '$.account_resource.latest_consume_time_for_energy: only java-tron',
      '$.account_resource.energy_window_size: only java-tron',
      '$.account_resource.energy_window_optimized: only java-tron',
    ]);
  });

  it('getaccountresource matches java-tron apart from TRC-10 and staking totals', async () => {
    const resources = await client.post('/wallet/getaccountresource', { address: sender.hex });
    expect(shapeDifferences(resources, loadFixture('getaccountresource.txt'))).toEqual([
      '$.assetNetUsed: only java-tron',
      '$.assetNetLimit: only java-tron',
      // Nobody stakes on the devnet: the weights are 0, which java-tron omits.
      '$.TotalNetWeight: only java-tron',
      '$.TotalEnergyWeight: only java-tron',
    ]);
  });

  it('broadcasttransaction answers an accepted and a refused transaction as java-tron does', async () => {
    const broadcast = async (amountSun: number) =>
      client.post(
        '/wallet/broadcasttransaction',
        await client.signedTransfer(sender, recipient.base58, amountSun),
      );
    const accepted = await broadcast(5);
    expect(accepted.result).toBe(true);
    expect(shapeDifferences(accepted, loadFixture('broadcasttransaction-accepted.txt'))).toEqual([]);
    const refused = await broadcast(100 * TRX);
    expect(refused.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(shapeDifferences(refused, loadFixture('broadcasttransaction-refused.txt'))).toEqual([]);
  });

  it('answers {} for an unknown account and an unknown transaction, as java-tron does', async () => {
    expect(await client.post('/wallet/getaccount', { address: newAccount().hex })).toEqual({});
    expect(await client.post('/wallet/gettransactioninfobyid', { value: '00'.repeat(32) })).toEqual({});
    expect(await client.post('/wallet/gettransactionbyid', { value: '00'.repeat(32) })).toEqual({});
  });
});

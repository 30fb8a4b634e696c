import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_USDT_CONTRACT } from '../src/index.js';
import { DevnetClient, newAccount, SOLID_DEPTH, type TestAccount, TRX } from './support/devnet-client.js';
import {
  addressWord,
  hexOf,
  REFERENCE,
  sendUsdt,
  TRC20_ABI,
  textOf,
  tronWebOf,
  uintWord,
  USDT,
  usdtContractHex,
} from './support/usdt.js';

type Json = Record<string, unknown>;

/** Contract reads: getcontract, and triggerconstantcontract on the head and the solid state. */
describe('the USDT contract read through TronWeb', () => {
  let client: DevnetClient;
  let holder: TestAccount;

  beforeAll(async () => {
    client = await DevnetClient.start();
    holder = await client.fundedAccount(100 * TRX);
    await client.control.mintUsdt(holder.base58, 25 * USDT);
  });
  afterAll(() => client.stop());

  const constantCall = (path: string, body: Json) =>
    client.post(path, { contract_address: usdtContractHex(), ...body });

  it('getcontract answers GET ?value= and POST alike, with a proto-style ABI and the Transfer event; {} for an unknown address', async () => {
    const byGet = await client.get(`/wallet/getcontract?value=${usdtContractHex()}`);
    expect(await client.post('/wallet/getcontract', { value: usdtContractHex() })).toEqual(byGet);
    expect(byGet.contract_address).toBe(usdtContractHex());
    const entries = (byGet.abi as { entrys: Json[] }).entrys;
    expect(entries).toContainEqual({
      outputs: [{ type: 'bool' }],
      inputs: [
        { name: '_to', type: 'address' },
        { name: '_value', type: 'uint256' },
      ],
      name: 'transfer',
      stateMutability: 'Nonpayable',
      type: 'Function',
    });
    expect(entries).toContainEqual(
      expect.objectContaining({
        name: 'balanceOf',
        constant: true,
        stateMutability: 'View',
        type: 'Function',
      }),
    );
    expect(entries).toContainEqual({
      inputs: [
        { indexed: true, name: 'from', type: 'address' },
        { indexed: true, name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
      ],
      name: 'Transfer',
      type: 'Event',
    });
    expect(entries.map((entry) => entry.name)).toEqual(
      expect.arrayContaining([
        'name',
        'symbol',
        'decimals',
        'totalSupply',
        'balanceOf',
        'transfer',
        'Transfer',
      ]),
    );
    expect(await client.post('/wallet/getcontract', { value: newAccount().hex })).toEqual({});
  });

  it('contract().at(address) loads the ABI from the node and reads name, symbol, decimals, totalSupply and balanceOf', async () => {
    const contract = await tronWebOf(client, holder).contract().at(DEVNET_USDT_CONTRACT);
    expect(await contract.name().call()).toBe('Tether USD');
    expect(await contract.symbol().call()).toBe('USDT');
    expect(await contract.decimals().call()).toBe(6n);
    expect(await contract.balanceOf(holder.base58).call()).toBe(BigInt(25 * USDT));
    const other = newAccount();
    await client.control.mintUsdt(other.base58, 5 * USDT);
    expect(await contract.totalSupply().call()).toBe(BigInt(30 * USDT));
    expect(await contract.balanceOf(other.base58).call()).toBe(BigInt(5 * USDT));
  });

  it('contract(abi, address) with an application-supplied ABI reads without asking for the contract', async () => {
    const contract = tronWebOf(client, holder).contract(TRC20_ABI, DEVNET_USDT_CONTRACT);
    expect(await contract.decimals().call()).toBe(6n);
    expect(await contract.balanceOf(holder.base58).call()).toBe(BigInt(25 * USDT));
  });

  it('contract().at() of an address holding no contract fails as TronWeb reports an empty getcontract', async () => {
    await expect(client.tronWeb.contract().at(newAccount().base58)).rejects.toThrow('Unknown error');
  });

  it('walletsolidity/triggerconstantcontract reads the solid state, wallet/ the head', async () => {
    const sender = await client.fundedAccount(100 * TRX);
    await client.control.mintUsdt(sender.base58, 4 * USDT);
    const recipient = newAccount();
    await sendUsdt(client, sender, recipient.base58, 3 * USDT);
    await client.produceBlocks(1);
    const args = [{ type: 'address', value: recipient.base58 }];
    const builder = client.tronWeb.transactionBuilder;
    const head = await builder.triggerConstantContract(
      DEVNET_USDT_CONTRACT,
      'balanceOf(address)',
      {},
      args,
      holder.base58,
    );
    const solid = () =>
      builder.triggerConfirmedConstantContract(
        DEVNET_USDT_CONTRACT,
        'balanceOf(address)',
        {},
        args,
        holder.base58,
      );
    expect(head.constant_result).toEqual([uintWord(3 * USDT)]);
    expect((await solid()).constant_result).toEqual([uintWord(0)]);
    await client.produceBlocks(SOLID_DEPTH);
    expect((await solid()).constant_result).toEqual([uintWord(3 * USDT)]);
  });

  it('simulates a transfer: the energy it would use, false returned, and nothing changed', async () => {
    const newcomer = newAccount();
    const transfer = (to: string) =>
      constantCall('/wallet/triggerconstantcontract', {
        owner_address: holder.hex,
        function_selector: 'transfer(address,uint256)',
        parameter: addressWord(to) + uintWord(1 * USDT),
      });
    const reply = await transfer(newcomer.base58);
    expect(reply).toMatchObject({
      result: { result: true },
      energy_used: REFERENCE.energyToNonHolder,
      constant_result: ['0'.repeat(64)],
      transaction: { ret: [{}], txID: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect((await transfer(holder.base58)).energy_used).toBe(REFERENCE.energyToHolder);
    const contract = tronWebOf(client, holder).contract(TRC20_ABI, DEVNET_USDT_CONTRACT);
    expect(await contract.balanceOf(newcomer.base58).call()).toBe(0n);
  });

  it('answers a simulated transfer beyond the balance as java-tron does: result true, REVERT message, Error(string) data, ret FAILED', async () => {
    const reply = await constantCall('/wallet/triggerconstantcontract', {
      owner_address: holder.hex,
      function_selector: 'transfer(address,uint256)',
      parameter: addressWord(newAccount().base58) + uintWord(1_000 * USDT),
    });
    expect(reply.result).toEqual({ result: true, message: hexOf('REVERT opcode executed') });
    expect((reply.constant_result as string[])[0]).toMatch(new RegExp(`^${REFERENCE.revertReasonSelector}`));
    expect((reply.transaction as Json).ret).toEqual([{ ret: 'FAILED' }]);
    // TronWeb reports the node's message.
    await expect(
      tronWebOf(client, holder).transactionBuilder.triggerConstantContract(
        DEVNET_USDT_CONTRACT,
        'transfer(address,uint256)',
        {},
        [
          { type: 'address', value: newAccount().base58 },
          { type: 'uint256', value: 1_000 * USDT },
        ],
      ),
    ).rejects.toThrow('REVERT opcode executed');
  });

  it('answers OTHER_ERROR for an empty owner_address, which a TronWeb with no default address sends', async () => {
    const reply = await constantCall('/wallet/triggerconstantcontract', {
      owner_address: '',
      function_selector: 'decimals()',
    });
    expect(reply).toEqual({
      result: {
        code: 'OTHER_ERROR',
        message: hexOf("class java.security.InvalidParameterException : owner_address isn't set."),
      },
    });
    const anonymous = new TronWeb({ fullHost: client.devnet.url });
    await expect(anonymous.contract(TRC20_ABI, DEVNET_USDT_CONTRACT).decimals().call()).rejects.toThrow(
      "owner_address isn't set.",
    );
  });

  it('answers CONTRACT_VALIDATE_ERROR "Smart contract is not exist." for an address holding no contract', async () => {
    const elsewhere = newAccount();
    const reply = await client.post('/wallet/triggerconstantcontract', {
      owner_address: holder.hex,
      contract_address: elsewhere.hex,
      function_selector: 'decimals()',
    });
    expect(reply.result).toMatchObject({ code: 'CONTRACT_VALIDATE_ERROR' });
    expect(textOf((reply.result as Json).message)).toBe('Smart contract is not exist.');
    await expect(
      client.tronWeb.transactionBuilder.triggerConstantContract(
        elsewhere.base58,
        'decimals()',
        {},
        [],
        holder.base58,
      ),
    ).rejects.toThrow('Smart contract is not exist.');
  });

  it('takes data instead of function_selector and parameter, and reads an address word by its low 20 bytes', async () => {
    const bySelector = await constantCall('/walletsolidity/triggerconstantcontract', {
      owner_address: holder.hex,
      function_selector: 'balanceOf(address)',
      parameter: addressWord(holder.base58),
    });
    const byData = await constantCall('/walletsolidity/triggerconstantcontract', {
      owner_address: holder.hex,
      data: REFERENCE.balanceOfSelector + addressWord(holder.base58),
    });
    expect(byData.constant_result).toEqual([uintWord(25 * USDT)]);
    expect(byData.constant_result).toEqual(bySelector.constant_result);
    const with41 = await constantCall('/walletsolidity/triggerconstantcontract', {
      owner_address: holder.hex,
      data: `${REFERENCE.balanceOfSelector}0000000000000000000000${holder.hex}`,
    });
    expect(with41.constant_result).toEqual([uintWord(25 * USDT)]);
  });

  it('runs a view function sent to triggersmartcontract as a constant call, as java-tron does', async () => {
    const reply = await constantCall('/wallet/triggersmartcontract', {
      owner_address: holder.hex,
      function_selector: 'balanceOf(address)',
      parameter: addressWord(holder.base58),
      fee_limit: 10 * TRX,
    });
    expect(reply).toMatchObject({
      result: { result: true },
      constant_result: [uintWord(25 * USDT)],
      transaction: { raw_data: { fee_limit: 10 * TRX } },
    });
  });

  it('answers malformed trigger input with OTHER_ERROR, never a crash', async () => {
    const codeOf = async (body: Json) =>
      ((await client.post('/wallet/triggerconstantcontract', body)).result as Json | undefined)?.code;
    expect(await codeOf({ owner_address: holder.hex })).toBe('OTHER_ERROR');
    expect(await codeOf({ owner_address: 'nope', contract_address: usdtContractHex(), data: '' })).toBe(
      'OTHER_ERROR',
    );
    expect(await codeOf({ owner_address: holder.hex, contract_address: usdtContractHex(), data: 'zz' })).toBe(
      'OTHER_ERROR',
    );
    expect(
      await codeOf({
        owner_address: holder.hex,
        contract_address: usdtContractHex(),
        function_selector: 'decimals()',
        fee_limit: 'lots',
      }),
    ).toBe('OTHER_ERROR');
  });
});

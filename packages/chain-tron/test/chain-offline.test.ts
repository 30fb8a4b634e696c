import { javaTronFixture } from '@trx-shop/test-kit';
import { TronWeb } from 'tronweb';
import { afterEach, describe, expect, it } from 'vitest';
import { createTronChain } from '../src/index.js';
import { expectDomainError } from './expect-domain-error.js';
import { closedNodeUrl, RawReply, type ScriptedNode, startScriptedNode } from './scripted-node.js';

const FAST_TIMEOUT_MS = 300;
const opened: ScriptedNode[] = [];
const scriptedNode = async (answers: Parameters<typeof startScriptedNode>[0]) => {
  const node = await startScriptedNode(answers);
  opened.push(node);
  return node;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((node) => node.close()));
});

describe('wallets and addresses (no node involved)', () => {
  it('creates wallets locally whose base58 address belongs to the returned private key', async () => {
    const chain = createTronChain({ fullHost: await closedNodeUrl(), timeoutMs: FAST_TIMEOUT_MS });
    const first = await chain.createWallet();
    const second = await chain.createWallet();
    expect(first.privateKey).toMatch(/^[0-9A-Fa-f]{64}$/);
    expect(TronWeb.address.fromPrivateKey(first.privateKey)).toBe(first.address);
    expect(first.address).toMatch(/^T/);
    expect(second.address).not.toBe(first.address);
    expect(second.privateKey).not.toBe(first.privateKey);
  });

  it('accepts base58 addresses and refuses hex spellings, broken checksums and junk', async () => {
    const chain = createTronChain({ fullHost: await closedNodeUrl(), timeoutMs: FAST_TIMEOUT_MS });
    const { address } = await chain.createWallet();
    const lastChar = address.at(-1) === 'A' ? 'B' : 'A';
    expect(chain.isValidAddress(address)).toBe(true);
    expect(chain.isValidAddress(TronWeb.address.toHex(address))).toBe(false);
    expect(chain.isValidAddress(`${address.slice(0, -1)}${lastChar}`)).toBe(false);
    expect(chain.isValidAddress('not an address')).toBe(false);
    expect(chain.isValidAddress('')).toBe(false);
  });
});

describe('unreachable or misbehaving node', () => {
  it('throws CHAIN_UNAVAILABLE on reads when nothing listens at the node address', async () => {
    const chain = createTronChain({ fullHost: await closedNodeUrl(), timeoutMs: FAST_TIMEOUT_MS });
    const { address } = await chain.createWallet();
    await expectDomainError(chain.getConfirmedBalance(address), 'CHAIN_UNAVAILABLE');
    await expectDomainError(chain.getUnconfirmedBalance(address), 'CHAIN_UNAVAILABLE');
    await expectDomainError(chain.lookupTransfer('ab'.repeat(32)), 'CHAIN_UNAVAILABLE');
    await expectDomainError(chain.solidifiedHeadTime(), 'CHAIN_UNAVAILABLE');
    expect(await chain.reachableSolidHead()).toBeNull();
  });

  it('throws CHAIN_UNAVAILABLE once the timeout passes when the node never answers', async () => {
    const node = await scriptedNode('hang');
    const chain = createTronChain({ fullHost: node.url, timeoutMs: FAST_TIMEOUT_MS });
    const sender = await chain.createWallet();
    const recipient = await chain.createWallet();
    const failure = await expectDomainError(chain.getConfirmedBalance(sender.address), 'CHAIN_UNAVAILABLE');
    expect(failure.message).toMatch(/timeout/i);
    await expectDomainError(
      chain.signTransfer(
        { fromAddress: sender.address, toAddress: recipient.address, amountSun: 1 },
        sender.privateKey,
      ),
      'CHAIN_UNAVAILABLE',
    );
    expect(node.requests.map((request) => request.path)).toEqual([
      '/walletsolidity/getaccount',
      '/wallet/getblock',
    ]);
  });

  it('throws CHAIN_UNAVAILABLE for a block it cannot read: nothing listening, no answer in time, an HTTP error, text that is not JSON', async () => {
    const blockFrom = (fullHost: string, timeoutMs = FAST_TIMEOUT_MS) =>
      createTronChain({ fullHost, timeoutMs }).solidBlock(5);
    await expectDomainError(blockFrom(await closedNodeUrl()), 'CHAIN_UNAVAILABLE');
    const hanging = await scriptedNode('hang');
    // Asked first, with a longer timeout: still waiting when the other read gives up, so it is each
    // read's own timeout that ends it (this one ends when the node closes after the test).
    let patientEnded = false;
    void blockFrom(hanging.url, 100 * FAST_TIMEOUT_MS)
      .catch(() => {})
      .finally(() => {
        patientEnded = true;
      });
    const timedOut = await expectDomainError(blockFrom(hanging.url), 'CHAIN_UNAVAILABLE');
    expect(timedOut.message).toContain(`no answer within ${FAST_TIMEOUT_MS} ms`);
    expect(patientEnded).toBe(false);
    const refusing = await scriptedNode({ '/walletsolidity/getblockbynum': new RawReply(503, 'busy') });
    const refused = await expectDomainError(blockFrom(refusing.url), 'CHAIN_UNAVAILABLE');
    expect(refused.message).toContain('HTTP 503');
    const garbled = await scriptedNode({ '/walletsolidity/getblockbynum': new RawReply(200, '<html>') });
    await expectDomainError(blockFrom(garbled.url), 'CHAIN_UNAVAILABLE');
    expect(hanging.requests.map((request) => request.path)).toEqual([
      '/walletsolidity/getblockbynum',
      '/walletsolidity/getblockbynum',
    ]);
    for (const node of [refusing, garbled]) {
      expect(node.requests.map((request) => request.path)).toEqual(['/walletsolidity/getblockbynum']);
    }
  });

  it('reads the reachable solid head with one request to each endpoint, and none while either fails', async () => {
    const solid = javaTronFixture('getnowblock.txt') as { block_header: { raw_data: { number: number } } };
    const both = await scriptedNode({ '/walletsolidity/getnowblock': solid, '/wallet/getnowblock': solid });
    const up = createTronChain({ fullHost: both.url, timeoutMs: FAST_TIMEOUT_MS });
    expect(await up.reachableSolidHead()).toBe(solid.block_header.raw_data.number);
    expect(both.requests.map((request) => request.path).sort()).toEqual([
      '/wallet/getnowblock',
      '/walletsolidity/getnowblock',
    ]);
    const fullNodeDown = await scriptedNode({
      '/walletsolidity/getnowblock': solid,
      '/wallet/getnowblock': new RawReply(503, 'busy'),
    });
    const solidityDown = await scriptedNode({
      '/walletsolidity/getnowblock': new RawReply(503, 'busy'),
      '/wallet/getnowblock': solid,
    });
    for (const node of [fullNodeDown, solidityDown]) {
      const chain = createTronChain({ fullHost: node.url, timeoutMs: FAST_TIMEOUT_MS });
      expect(await chain.reachableSolidHead()).toBeNull();
    }
  });

  it('throws CHAIN_UNAVAILABLE when the node answers with a java-tron Error object', async () => {
    const node = await scriptedNode({
      '/wallet/getaccount': { Error: 'class java.lang.NullPointerException : null' },
    });
    const chain = createTronChain({ fullHost: node.url, timeoutMs: FAST_TIMEOUT_MS });
    const { address } = await chain.createWallet();
    const failure = await expectDomainError(chain.getUnconfirmedBalance(address), 'CHAIN_UNAVAILABLE');
    expect(failure.message).toContain('NullPointerException');
  });

  it('answers unknown, not rejected, when a broadcast times out or cannot connect', async () => {
    const signed = JSON.stringify({
      txID: 'ab'.repeat(32),
      raw_data: {},
      raw_data_hex: '',
      signature: ['00'],
    });
    const hanging = await scriptedNode('hang');
    const timedOut = await createTronChain({ fullHost: hanging.url, timeoutMs: FAST_TIMEOUT_MS }).broadcast(
      signed,
    );
    expect(timedOut.kind).toBe('unknown');
    expect(hanging.requests.map((request) => request.path)).toEqual(['/wallet/broadcasttransaction']);
    const refused = await createTronChain({
      fullHost: await closedNodeUrl(),
      timeoutMs: FAST_TIMEOUT_MS,
    }).broadcast(signed);
    expect(refused.kind).toBe('unknown');
  });

  it('maps transient node codes to unknown and validation codes to rejected with the decoded message', async () => {
    const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
    const signed = JSON.stringify({
      txID: 'cd'.repeat(32),
      raw_data: {},
      raw_data_hex: '',
      signature: ['00'],
    });
    const busy = await scriptedNode({
      '/wallet/broadcasttransaction': {
        code: 'SERVER_BUSY',
        txid: 'cd'.repeat(32),
        message: hex('Server busy.'),
      },
    });
    expect(
      await createTronChain({ fullHost: busy.url, timeoutMs: FAST_TIMEOUT_MS }).broadcast(signed),
    ).toEqual({
      kind: 'unknown',
      reason: 'SERVER_BUSY: Server busy.',
    });
    const bandwidth = await scriptedNode({
      '/wallet/broadcasttransaction': {
        code: 'BANDWITH_ERROR',
        txid: 'cd'.repeat(32),
        message: hex('Account resource insufficient error.'),
      },
    });
    expect(
      await createTronChain({ fullHost: bandwidth.url, timeoutMs: FAST_TIMEOUT_MS }).broadcast(signed),
    ).toEqual({
      kind: 'rejected',
      code: 'BANDWITH_ERROR',
      reason: 'Account resource insufficient error.',
      failure: 'INSUFFICIENT_BALANCE',
    });
  });

  it('reports a transaction the chain included but whose contract failed as confirmed and not succeeded', async () => {
    const txId = 'ef'.repeat(32);
    const node = await scriptedNode({
      '/walletsolidity/gettransactioninfobyid': {
        id: txId,
        blockNumber: 4_242,
        blockTimeStamp: 1_700_000_000_000,
        fee: 268_000,
        result: 'FAILED',
        receipt: { net_fee: 268_000 },
      },
    });
    const chain = createTronChain({ fullHost: node.url, timeoutMs: FAST_TIMEOUT_MS });
    expect(await chain.lookupTransfer(txId)).toEqual({
      kind: 'confirmed',
      blockNumber: 4_242,
      feeSun: 268_000,
      succeeded: false,
    });
  });

  it('throws INTERNAL_ERROR for stored text that is not a signed transaction, without calling the node', async () => {
    const node = await scriptedNode({});
    const chain = createTronChain({ fullHost: node.url, timeoutMs: FAST_TIMEOUT_MS });
    await expectDomainError(chain.broadcast('not json'), 'INTERNAL_ERROR');
    await expectDomainError(chain.broadcast(JSON.stringify({ txID: 'ab', raw_data: {} })), 'INTERNAL_ERROR');
    expect(node.requests).toEqual([]);
  });

  it('asks for a solid block by its number with visible: true, so the node sends base58 addresses', async () => {
    const node = await scriptedNode({ '/walletsolidity/getblockbynum': {} });
    const chain = createTronChain({ fullHost: node.url, timeoutMs: FAST_TIMEOUT_MS });
    expect(await chain.solidBlock(77)).toBeNull();
    expect(node.requests.map((request) => [request.path, JSON.parse(request.body)])).toEqual([
      ['/walletsolidity/getblockbynum', { num: 77, visible: true }],
    ]);
  });

  it('sends the TRON-PRO-API-KEY header on every call only when an API key is configured', async () => {
    const node = await scriptedNode({
      '/walletsolidity/getaccount': { balance: 7_000_001 },
      // The scanner's block reads go over fetch, not TronWeb: the key must travel there too.
      '/walletsolidity/getblockbynum': {},
    });
    const withKey = createTronChain({ fullHost: node.url, apiKey: 'key-123', timeoutMs: FAST_TIMEOUT_MS });
    const { address } = await withKey.createWallet();
    expect(await withKey.getConfirmedBalance(address)).toBe(7_000_001);
    expect(await withKey.solidBlock(5)).toBeNull();
    const withoutKey = createTronChain({ fullHost: node.url, timeoutMs: FAST_TIMEOUT_MS });
    expect(await withoutKey.getConfirmedBalance(address)).toBe(7_000_001);
    expect(await withoutKey.solidBlock(5)).toBeNull();
    expect(node.requests.map((request) => [request.path, request.headers['tron-pro-api-key']])).toEqual([
      ['/walletsolidity/getaccount', 'key-123'],
      ['/walletsolidity/getblockbynum', 'key-123'],
      ['/walletsolidity/getaccount', undefined],
      ['/walletsolidity/getblockbynum', undefined],
    ]);
  });
});

describe('transfer requests refused before reaching the node', () => {
  it('throws INVALID_ADDRESS or VALIDATION_ERROR for bad addresses, self-transfers and non-positive amounts', async () => {
    const node = await scriptedNode({});
    const chain = createTronChain({ fullHost: node.url, timeoutMs: FAST_TIMEOUT_MS });
    const sender = await chain.createWallet();
    const recipient = await chain.createWallet();
    const transfer = (toAddress: string, amountSun: number) =>
      chain.signTransfer({ fromAddress: sender.address, toAddress, amountSun }, sender.privateKey);
    await expectDomainError(transfer('T-not-an-address', 1), 'INVALID_ADDRESS');
    await expectDomainError(transfer(sender.address, 1), 'VALIDATION_ERROR');
    await expectDomainError(transfer(recipient.address, 0), 'VALIDATION_ERROR');
    await expectDomainError(transfer(recipient.address, 1.5), 'VALIDATION_ERROR');
    await expectDomainError(chain.getConfirmedBalance('41'.padEnd(42, '0')), 'INVALID_ADDRESS');
    expect(node.requests).toEqual([]);
  });
});

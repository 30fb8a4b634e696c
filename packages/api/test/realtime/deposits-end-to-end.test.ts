import { DEPOSIT_CURSOR, scanDeposits } from '@trx-shop/domain';
import { type DevnetControl, devnetControl } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import { paymentDepsOf, registerShopper, type Shopper } from '../shop/shop-fixtures.js';
import { connectSocket, type TestSocket } from './realtime-fixtures.js';

/*
 * Deposits end to end (docs/api.md, "Deposits"): a real devnet, TronWeb-signed transfers, the
 * scanner reading walletsolidity blocks, real HTTP and a real WebSocket client.
 */

let devnetNode: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let url: string;

const scan = () => scanDeposits(paymentDepsOf(h), { startBlock: null, maxBlocks: 1_000 });

const transactionsOf = async (user: Shopper, query = '') => {
  const response = await h.app.inject({ url: `/api/transactions${query}`, headers: user.jar.header() });
  expect(response.statusCode, response.body).toBe(200);
  return json(response).transactions as Record<string, unknown>[];
};

/** A wallet the service does not hold, funded on the solidified chain: money from outside. */
const outsideWallet = async (trx: number) => {
  const wallet = await h.chain.createWallet();
  await devnet.fundSolid(wallet.address, trx * 1_000_000);
  return wallet;
};

/** Sends from an outside wallet as any TRON wallet would (TronWeb signs, the node includes it). */
const sendFromOutside = async (
  from: { address: string; privateKey: string },
  to: string,
  amountSun: number,
) => {
  const signed = await h.chain.signTransfer(
    { fromAddress: from.address, toAddress: to, amountSun },
    from.privateKey,
  );
  expect(await h.chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
  await devnet.settle();
  return signed.txId;
};

beforeAll(async () => {
  devnetNode = await startTestDevnet();
  h = await createTestApp({ devnet: devnetNode });
  devnet = devnetControl(devnetNode.url);
  url = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
  await devnetNode.stop();
});

describe('deposits', () => {
  let shopper: Shopper;
  let socket: TestSocket;
  beforeAll(async () => {
    shopper = await registerShopper(h);
    socket = await connectSocket(url, { headers: shopper.jar.header() });
    expect(await socket.join(shopper.userId)).toMatchObject({ event: 'joined' });
    // The first run only places the cursor at the solidified head.
    await scan();
    expect(await h.store.chainCursors.read(DEPOSIT_CURSOR)).toBe((await devnet.state()).solid);
  });

  it('records TRX sent from an outside wallet, tells the owner on the WebSocket, and lists it in GET /api/transactions', async () => {
    const sender = await outsideWallet(20);
    const txId = await sendFromOutside(sender, shopper.address, 4_200_000);
    const onChain = (await devnet.transactionsOf(shopper.address)).find((transfer) => transfer.txId === txId);
    expect(onChain).toMatchObject({ from: sender.address, to: shopper.address, amountSun: 4_200_000 });

    const report = await scan();
    expect(report.depositsRecorded).toBe(1);

    const frame = await socket.frame(
      (candidate) => candidate.event === 'wallet:deposit',
      'the deposit event',
    );
    const lines = await transactionsOf(shopper, '?type=deposit');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      userId: shopper.userId,
      orderId: null,
      type: 'deposit',
      amount: 4.2,
      transactionHash: txId,
      fromAddress: sender.address,
      toAddress: shopper.address,
      status: 'confirmed',
      blockNumber: onChain?.blockNumber,
      fee: null,
    });
    expect(frame.data).toEqual({
      transactionId: lines[0]?._id,
      txHash: txId,
      amount: 4.2,
      from: sender.address,
      blockNumber: onChain?.blockNumber,
    });
    const detail = await h.app.inject({
      url: `/api/transactions/${String(lines[0]?._id)}`,
      headers: shopper.jar.header(),
    });
    expect(detail.statusCode).toBe(200);

    // The next run (a later marker) adds no second line and no second event.
    expect((await scan()).depositsRecorded).toBe(0);
    expect(await transactionsOf(shopper, '?type=deposit')).toHaveLength(1);
    expect(socket.frames.filter((candidate) => candidate.event === 'wallet:deposit')).toHaveLength(1);
  });

  it("a withdrawal to another customer's wallet is the sender's withdrawal and the recipient's deposit", async () => {
    const recipient = await registerShopper(h);
    await devnet.fundSolid(shopper.address, 30_000_000);
    await scan();
    const sent = await h.app.inject({
      method: 'POST',
      url: '/api/wallets/send',
      headers: shopper.jar.header(),
      payload: { toAddress: recipient.address, amount: 2.5 },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const txId = (json(sent).transaction as { hash: string }).hash;
    await devnet.settle();

    expect((await scan()).depositsRecorded).toBe(1);

    const senderLines = (await transactionsOf(shopper)).filter((line) => line.transactionHash === txId);
    expect(senderLines.map((line) => line.type)).toEqual(['withdrawal']);
    const recipientLines = await transactionsOf(recipient);
    expect(recipientLines).toEqual([
      expect.objectContaining({
        type: 'deposit',
        transactionHash: txId,
        amount: 2.5,
        fromAddress: shopper.address,
      }),
    ]);
  });
});

import { type DevnetControl, devnetControl } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn } from '../support/http.js';
import { createTestApp, startTestDevnet, type TestApp } from '../support/test-app.js';
import { registerShopper, type Shopper } from './shop-fixtures.js';

/*
 * Issue 14, item 4: Idempotency-Key follows Stripe's rule. Keys are scoped per (user, route); the
 * same key with a different body answers 422 IDEMPOTENCY_KEY_REUSED and moves no money; the same
 * body answers the first response again; racing requests with one key make one transfer.
 */

let devnetNode: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let recipient: string;
let otherRecipient: string;

beforeAll(async () => {
  devnetNode = await startTestDevnet();
  h = await createTestApp({ devnet: devnetNode });
  devnet = devnetControl(devnetNode.url);
  recipient = (await h.chain.createWallet()).address;
  otherRecipient = (await h.chain.createWallet()).address;
  await devnet.fund(recipient, 1_000_000);
  await devnet.fundSolid(otherRecipient, 1_000_000);
});
afterAll(async () => {
  await h.close();
  await devnetNode.stop();
});

const fundedShopper = async (): Promise<Shopper> => {
  const shopper = await registerShopper(h);
  await devnet.fundSolid(shopper.address, 20_000_000);
  return shopper;
};

const send = (user: LoggedIn, payload: Record<string, unknown>, key: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/wallets/send',
    headers: { ...user.jar.header(), 'idempotency-key': key },
    payload,
  });

const sentFrom = async (shopper: Shopper) => [
  ...(await devnet.transfersBetween(shopper.address, recipient)),
  ...(await devnet.transfersBetween(shopper.address, otherRecipient)),
];

describe('Idempotency-Key on POST /api/wallets/send', () => {
  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another amount or recipient, moving no money', async () => {
    const shopper = await fundedShopper();
    const first = await send(shopper, { toAddress: recipient, amount: 1 }, 'order-77');
    expect(first.statusCode, first.body).toBe(200);

    const otherAmount = expectError(
      await send(shopper, { toAddress: recipient, amount: 2 }, 'order-77'),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(otherAmount).toMatchObject({ success: false, error: expect.any(String) });
    expectError(
      await send(shopper, { toAddress: otherRecipient, amount: 1 }, 'order-77'),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );

    expect(await sentFrom(shopper)).toHaveLength(1);
    const records = await h.store.transactions.listByUser(shopper.userId, {}, { limit: 10, page: 1 });
    expect(records.items).toHaveLength(1);
  });

  it('answers the first response again for the same body, whether the amount is written as a number or a string', async () => {
    const shopper = await fundedShopper();
    const first = await send(shopper, { toAddress: recipient, amount: 1.5 }, 'same-body');
    const again = await send(shopper, { toAddress: recipient, amount: '1.500000' }, 'same-body');

    expect(first.statusCode, first.body).toBe(200);
    expect({ status: again.statusCode, body: json(again) }).toEqual({ status: 200, body: json(first) });
    expect(await sentFrom(shopper)).toHaveLength(1);
  });

  it('makes one transfer when requests with one key race; every answer is the same response', async () => {
    const shopper = await fundedShopper();

    const responses = await Promise.all(
      Array.from({ length: 6 }, () => send(shopper, { toAddress: recipient, amount: 0.7 }, 'racing')),
    );

    expect(await sentFrom(shopper)).toHaveLength(1);
    const [first, ...others] = responses.map((response) => ({
      status: response.statusCode,
      body: json(response),
    }));
    expect(first?.status).toBe(200);
    for (const other of others) expect(other).toEqual(first);
  });

  it('refuses, with 422 and no transfer, a racing request that reuses the key with another body', async () => {
    const shopper = await fundedShopper();

    const responses = await Promise.all([
      send(shopper, { toAddress: recipient, amount: 0.4 }, 'racing-bodies'),
      send(shopper, { toAddress: recipient, amount: 0.9 }, 'racing-bodies'),
    ]);

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    const sent = await sentFrom(shopper);
    expect(sent).toHaveLength(1);
    const winner = responses.find((response) => response.statusCode === 200);
    expect(sent[0]?.amountSun).toBe(
      (json(winner ?? responses[0]).transaction as { amount: number }).amount * 1_000_000,
    );
  });

  it('scopes keys per user: another user’s request with the same key is its own withdrawal', async () => {
    const [ann, bob] = [await fundedShopper(), await fundedShopper()];
    const first = await send(ann, { toAddress: recipient, amount: 1 }, 'shared-key');
    const second = await send(bob, { toAddress: recipient, amount: 3 }, 'shared-key');

    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await sentFrom(ann)).toHaveLength(1);
    expect(await sentFrom(bob)).toEqual([expect.objectContaining({ amountSun: 3_000_000 })]);
  });
});

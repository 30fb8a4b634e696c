import { runSettlement, type TotpPort, withdraw } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { createDomainWorld, TRX } from '../support/domain-world.js';

/** A TOTP twin: the code for step n is the step's number, six digits. */
const steppedTotp: TotpPort = {
  newSecret: () => 'SECRET',
  keyUri: (account, secret) => `otpauth://totp/${account}?secret=${secret}`,
  matchingStep: (_secret, code, now) => {
    const step = Math.floor(now.getTime() / 30_000);
    return code === String(step % 1_000_000).padStart(6, '0') ? step : null;
  },
};

const scene = async (twoFactor = false) => {
  const world = createDomainWorld();
  const user = await world.walletUser(100);
  if (twoFactor) {
    await world.store.users.setTwoFactor(
      user.id,
      {
        enabled: true,
        encryptedSecret: await world.deps.vault.seal('SECRET', user.id),
        lastAcceptedStep: null,
      },
      world.deps.clock.now(),
    );
  }
  const recipient = (await world.chain.createWallet()).address;
  world.controls.fund(recipient, 1 * TRX);
  const fresh = (await world.store.users.findById(user.id)) ?? user;
  const deps = { ...world.deps, totp: steppedTotp };
  const codeNow = String(Math.floor(world.deps.clock.now().getTime() / 30_000) % 1_000_000).padStart(6, '0');
  return { world, user: fresh, deps, recipient, codeNow };
};

const input = (toAddress: string, amount: unknown, extra: { code?: string; key?: string } = {}) => ({
  toAddress,
  amount,
  twoFactorCode: extra.code ?? null,
  idempotencyKey: extra.key ?? null,
});

describe('withdraw', () => {
  it('sends once and releases the wallet hold when the transfer settles', async () => {
    const { world, user, deps, recipient } = await scene();
    const sent = await withdraw(deps, user, input(recipient, 10));
    expect(sent).toMatchObject({
      ok: true,
      value: { type: 'withdrawal', status: 'pending', amountSun: 10 * TRX },
    });
    expect(await world.store.walletReservations.reservedSun(user.wallet.address ?? '')).toBe(10 * TRX);
    world.controls.confirm();
    await runSettlement(world.deps);
    expect(await world.balanceOf(recipient)).toBe(11 * TRX);
    expect(await world.store.walletReservations.reservedSun(user.wallet.address ?? '')).toBe(0);
  });

  it('with 2FA on: refuses without a code or with a wrong one, accepts a fresh code once', async () => {
    const { world, user, deps, recipient, codeNow } = await scene(true);
    for (const code of [undefined, '000000']) {
      expect(await withdraw(deps, user, input(recipient, 1, code ? { code } : {}))).toMatchObject({
        ok: false,
        error: { code: 'INVALID_TWO_FACTOR_CODE' },
      });
    }
    expect((await withdraw(deps, user, input(recipient, 1, { code: codeNow }))).ok).toBe(true);
    const again = await withdraw(
      deps,
      (await world.store.users.findById(user.id)) ?? user,
      input(recipient, 1, { code: codeNow }),
    );
    expect(again).toMatchObject({ ok: false, error: { code: 'INVALID_TWO_FACTOR_CODE' } });
  });

  it('answers INVALID_ADDRESS, VALIDATION_ERROR and INSUFFICIENT_BALANCE before anything is signed', async () => {
    const { world, user, deps, recipient } = await scene();
    expect(await withdraw(deps, user, input('not-an-address', 1))).toMatchObject({
      error: { code: 'INVALID_ADDRESS' },
    });
    expect(await withdraw(deps, user, input(user.wallet.address ?? '', 1))).toMatchObject({
      error: { code: 'INVALID_ADDRESS' },
    });
    expect(await withdraw(deps, user, input(recipient, '0.0000001'))).toMatchObject({
      error: { code: 'VALIDATION_ERROR' },
    });
    expect(await withdraw(deps, user, input(recipient, 101))).toMatchObject({
      error: { code: 'INSUFFICIENT_BALANCE', data: { userBalance: 100, requiredAmount: 101 } },
    });
    expect(await world.store.walletReservations.reservedSun(user.wallet.address ?? '')).toBe(0);
  });

  it('replays the first answer for the same Idempotency-Key and body; 422 for another body', async () => {
    const { world, user, deps, recipient } = await scene();
    const first = await withdraw(deps, user, input(recipient, 2, { key: 'k-1' }));
    const again = await withdraw(deps, user, input(recipient, '2.000000', { key: 'k-1' }));
    expect(again).toEqual(first);
    expect(await withdraw(deps, user, input(recipient, 3, { key: 'k-1' }))).toMatchObject({
      ok: false,
      error: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });
    world.controls.confirm();
    await runSettlement(world.deps);
    expect(await world.balanceOf(recipient)).toBe(3 * TRX);
  });

  it('fails the withdrawal and frees the hold when the chain rejects it', async () => {
    const { world, user, deps, recipient } = await scene();
    world.controls.inject('reject');
    expect(await withdraw(deps, user, input(recipient, 5))).toMatchObject({
      ok: false,
      error: { code: 'PAYMENT_FAILED' },
    });
    expect(await world.store.walletReservations.reservedSun(user.wallet.address ?? '')).toBe(0);
    expect((await withdraw(deps, user, input(recipient, 95))).ok).toBe(true);
  });
});

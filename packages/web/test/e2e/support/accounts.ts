import { spawn } from 'node:child_process';
import { createShopClient, unwrap } from '@trx-shop/client';
import { childEnv } from '@trx-shop/test-kit';
import { generateSync } from 'otplib';
import type { RunningShop } from './shop.js';

const API_DIR = new URL('../../../../api', import.meta.url);
const TOTP_STEP_S = 30;

export interface Credentials {
  readonly email: string;
  readonly password: string;
}

/** A second admin, made as an operator makes one: `pnpm admin:create` on the shop's data directory. */
export const createAdmin = async (shop: RunningShop, admin: Credentials): Promise<void> => {
  const child = spawn(
    process.execPath,
    ['--conditions=@trx-shop/source', '--import', 'tsx', 'src/cli/admin-create.ts'],
    {
      cwd: API_DIR,
      env: childEnv({
        DATA_DIR: shop.dataDir,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`admin:create ${admin.email} exited ${code}: ${output}`);
};

/** The code an authenticator shows `stepsAhead` steps of 30 s after `at`, computed by otplib. */
export const totpCode = (secret: string, at: number, stepsAhead = 0): string =>
  generateSync({ secret, epoch: Math.floor(at / 1000) + stepsAhead * TOTP_STEP_S });

export interface TwoFactorOn {
  readonly secret: string;
  /** When the code that turned it on was made: a later sign-in needs a code of a later step. */
  readonly verifiedAt: number;
}

/** Turns 2FA on for an account over the API (enable with the password, verify with a code). */
export const enableTwoFactor = async (shop: RunningShop, account: Credentials): Promise<TwoFactorOn> => {
  const guest = createShopClient({ baseUrl: shop.apiUrl });
  const { accessToken } = await unwrap(guest.POST('/api/auth/tokens', { body: account }));
  const signedIn = createShopClient({ baseUrl: shop.apiUrl, accessToken });
  const { secret } = await unwrap(
    signedIn.POST('/api/security/2fa/enable', { body: { password: account.password } }),
  );
  const verifiedAt = Date.now();
  await unwrap(signedIn.POST('/api/security/2fa/verify', { body: { code: totpCode(secret, verifiedAt) } }));
  return { secret, verifiedAt };
};

/** A customer (role user) registered over the API, as the storefront registers one. */
export const registerCustomer = async (shop: RunningShop, customer: Credentials & { username: string }) => {
  const guest = createShopClient({ baseUrl: shop.apiUrl });
  const { user } = await unwrap(
    guest.POST('/api/auth/register', { body: { ...customer, passwordConfirm: customer.password } }),
  );
  const { accessToken } = await unwrap(
    guest.POST('/api/auth/tokens', { body: { email: customer.email, password: customer.password } }),
  );
  return { user, client: createShopClient({ baseUrl: shop.apiUrl, accessToken }) };
};

/** A typed client signed in as `account` (the admin reads what the pages must show with it). */
export const signedInClient = async (shop: RunningShop, account: Credentials) => {
  const guest = createShopClient({ baseUrl: shop.apiUrl });
  const { accessToken } = await unwrap(guest.POST('/api/auth/tokens', { body: account }));
  return createShopClient({ baseUrl: shop.apiUrl, accessToken });
};

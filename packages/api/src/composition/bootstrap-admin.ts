import { randomBytes } from 'node:crypto';
import { createAccount, type IdentityDeps, type User } from '@trx-shop/domain';
import type { AppConfig } from '../config/config.js';

export interface BootstrapResult {
  readonly admin: User | null;
  /** Set only when a random password was made: the one time it is ever shown. */
  readonly generatedCredentials: { readonly email: string; readonly password: string } | null;
}

/**
 * Makes sure an admin exists: from ADMIN_* when given, else (outside production) one with a random
 * password. The admin's wallet is created and funded like any other, so the merchant account
 * exists on chain before the first payment arrives.
 */
export const ensureBootstrapAdmin = async (
  deps: IdentityDeps,
  config: AppConfig,
): Promise<BootstrapResult> => {
  const existing = await deps.users.firstAdmin();
  if (existing) return { admin: existing, generatedCredentials: null };
  const given = config.bootstrapAdmin;
  if (!given.email || !given.password) {
    if (config.production) return { admin: null, generatedCredentials: null };
    const password = randomBytes(12).toString('base64url');
    const email = 'admin@trx-shop.local';
    const created = await createAccount(deps, { email, username: 'admin', password, role: 'admin' });
    if (!created.ok) throw created.error;
    return { admin: created.value, generatedCredentials: { email, password } };
  }
  const created = await createAccount(deps, {
    email: given.email,
    username: given.username ?? given.email.split('@')[0] ?? 'admin',
    password: given.password,
    role: 'admin',
  });
  if (!created.ok) throw created.error;
  return { admin: created.value, generatedCredentials: null };
};

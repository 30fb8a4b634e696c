import type { AccountMailDeps, IdentityDeps, PaymentDeps } from '@trx-shop/domain';
import type { AppDeps } from './app-deps.js';

/** The identity use cases' dependencies, drawn from the app's. */
export const identityDeps = (deps: AppDeps, log: IdentityDeps['logger']): IdentityDeps => ({
  users: deps.store.users,
  sessions: deps.store.sessions,
  chain: deps.chain,
  vault: deps.vault,
  passwords: deps.passwords,
  totp: deps.totp,
  clock: deps.clock,
  ids: deps.ids,
  logger: log,
  ...(deps.funding ? { funding: deps.funding } : {}),
});

/** The order, payment and settlement use cases' dependencies, drawn from the app's. */
export const paymentDeps = (deps: AppDeps, log: PaymentDeps['logger']): PaymentDeps => ({
  store: deps.store,
  chain: deps.chain,
  vault: deps.vault,
  clock: deps.clock,
  ids: deps.ids,
  logger: log,
  configuredMerchantAddress: deps.configuredMerchantAddress,
  requireEmailVerification: deps.requireEmailVerification ?? false,
});

/** The mailed-token use cases' dependencies (password reset, email verification), drawn from the app's. */
export const accountMailDeps = (deps: AppDeps): AccountMailDeps => ({
  users: deps.store.users,
  sessions: deps.store.sessions,
  passwords: deps.passwords,
  vault: deps.vault,
  clock: deps.clock,
  ids: deps.ids,
  store: deps.store,
  tokens: deps.accountTokenCodec,
});

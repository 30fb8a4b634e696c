import type { AccountTokenCodec } from '../../ports/account-token-codec.port.js';
import type { ShopStore } from '../../ports/shop-store.port.js';
import type { IdentityDeps } from './identity-deps.js';

/** What the mailed-token use cases (password reset, email verification) may touch. */
export interface AccountMailDeps
  extends Pick<IdentityDeps, 'users' | 'sessions' | 'passwords' | 'vault' | 'clock' | 'ids'> {
  readonly store: Pick<ShopStore, 'accountTokens' | 'mail' | 'windowCounters' | 'eventLog'>;
  readonly tokens: AccountTokenCodec;
}

/** How often one address may ask for a reset link (per address, not per client). */
export interface AccountMailLimits {
  readonly perEmailMax: number;
  readonly perEmailWindowMs: number;
}

/** Three links an hour: enough for a lost mail or two, too few to flood an inbox. */
export const DEFAULT_ACCOUNT_MAIL_LIMITS: AccountMailLimits = {
  perEmailMax: 3,
  perEmailWindowMs: 60 * 60_000,
};

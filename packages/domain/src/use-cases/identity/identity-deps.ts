import type { ChainPort } from '../../ports/chain.port.js';
import type { KeyVault } from '../../ports/key-vault.port.js';
import type { PasswordHasher } from '../../ports/password-hasher.port.js';
import type { Clock, IdGenerator, Logger } from '../../ports/runtime.port.js';
import type { SessionStore } from '../../ports/session-store.port.js';
import type { TotpPort } from '../../ports/totp.port.js';
import type { UserStore } from '../../ports/user-store.port.js';
import type { WalletFunding } from '../../ports/wallet-funding.port.js';

/** What the identity use cases may touch; each use case picks the part it needs. */
export interface IdentityDeps {
  readonly users: UserStore;
  readonly sessions: SessionStore;
  readonly chain: ChainPort;
  readonly vault: KeyVault;
  readonly passwords: PasswordHasher;
  readonly totp: TotpPort;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
  readonly funding?: WalletFunding;
}

/** Where a request comes from, recorded on the session. */
export interface ClientInfo {
  readonly userAgent: string;
  readonly ipAddress: string;
}

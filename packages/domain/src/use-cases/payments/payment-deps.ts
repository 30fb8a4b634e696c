import type { EventActor } from '../../ports/shop-event.js';
import type { ChainPort } from '../../ports/chain.port.js';
import type { KeyVault } from '../../ports/key-vault.port.js';
import type { Clock, IdGenerator, Logger } from '../../ports/runtime.port.js';
import type { ShopStore } from '../../ports/shop-store.port.js';

/** What the order, payment, refund, withdrawal and settlement use cases may touch. */
export interface PaymentDeps {
  readonly store: ShopStore;
  readonly chain: ChainPort;
  readonly vault: KeyVault;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
  /** MERCHANT_WALLET_ADDRESS: the merchant when no admin exists (receives payments, cannot refund). */
  readonly configuredMerchantAddress: string | null;
  /** REQUIRE_EMAIL_VERIFICATION: paying and withdrawing need a confirmed address (default off). */
  readonly requireEmailVerification?: boolean;
  /** The admin acting, on admin actions: the events the change writes name them (the audit trail). */
  readonly actor?: EventActor | null;
}

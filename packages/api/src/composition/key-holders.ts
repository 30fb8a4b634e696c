import type { Clock, KeyHolder, Scheduler, ShopStore } from '@trx-shop/domain';
import { keyIdOf } from './key-vault-from-secrets.js';

/** How long a holder that stopped renewing (killed, frozen, cut off from the store) counts as running. */
export const KEY_HOLDER_TTL_MS = 30_000;
/** Three renewals per lifetime, so one slow write to the store does not make a holder look gone. */
export const KEY_HOLDER_RENEW_MS = 10_000;

export type HeldKeys = Pick<KeyHolder, 'sealsWith' | 'opens'>;

export const heldKeysOf = (current: string, previous: readonly string[]): HeldKeys => ({
  sealsWith: keyIdOf(current),
  opens: [...new Set([current, ...previous].map(keyIdOf))],
});

/** Two processes that must not work on one store together: one seals with a key the other cannot open. */
export interface KeyConflict {
  readonly other: KeyHolder;
  readonly keyId: string;
  /** Which of the two cannot open `keyId`: the other one (it cannot open what we seal), or we. */
  readonly unableToOpen: 'other' | 'self';
}

export const findKeyConflict = (
  self: Pick<KeyHolder, 'id'> & HeldKeys,
  others: readonly KeyHolder[],
): KeyConflict | null => {
  for (const other of others) {
    if (other.id === self.id) continue;
    if (!other.opens.includes(self.sealsWith)) return { other, keyId: self.sealsWith, unableToOpen: 'other' };
    if (!self.opens.includes(other.sealsWith)) return { other, keyId: other.sealsWith, unableToOpen: 'self' };
  }
  return null;
};

/** Names the other process for an operator, with when a killed one stops counting. */
export const describeHolder = (holder: KeyHolder): string =>
  `${holder.kind === 'service' ? 'the service instance' : 'the keys:rotate run'} ${holder.id} ` +
  `(it counts as running until ${holder.expiresAt.toISOString()} unless it renews)`;

export interface KeyHolderMembership {
  /** Stops renewing and withdraws from the list. */
  leave(): Promise<void>;
}

export interface KeyHolderDeps {
  readonly store: Pick<ShopStore, 'keyHolders'>;
  readonly clock: Clock;
  readonly scheduler: Scheduler;
}

/**
 * Announces this process with the keys it holds, then reads who else works on the store.
 * Announcing before reading means that of two processes joining at once, at least one sees the
 * other. On a conflict it withdraws again and answers the conflict; otherwise it keeps renewing
 * until `leave`.
 */
export const joinKeyHolders = async (
  { store, clock, scheduler }: KeyHolderDeps,
  self: Pick<KeyHolder, 'id' | 'kind'> & HeldKeys,
): Promise<
  | { readonly ok: true; readonly membership: KeyHolderMembership }
  | { readonly ok: false; readonly conflict: KeyConflict }
> => {
  const announce = () => {
    const now = clock.now();
    return store.keyHolders.announce(
      { ...self, expiresAt: new Date(now.getTime() + KEY_HOLDER_TTL_MS) },
      now,
    );
  };
  await announce();
  const conflict = findKeyConflict(self, await store.keyHolders.listLive(clock.now()));
  if (conflict !== null) {
    await store.keyHolders.withdraw(self.id);
    return { ok: false, conflict };
  }
  let first = true;
  const renewal = scheduler.every(KEY_HOLDER_RENEW_MS, async () => {
    // The scheduler runs at once; the announcement above already stands for that run.
    if (first) {
      first = false;
      return;
    }
    await announce();
  });
  return {
    ok: true,
    membership: {
      leave: async () => {
        await renewal.stop();
        await store.keyHolders.withdraw(self.id);
      },
    },
  };
};

/** Why a starting instance refuses: one line naming the other process and what to do. */
export const startUpKeyConflictProblem = ({ other, keyId, unableToOpen }: KeyConflict): string =>
  unableToOpen === 'other'
    ? `WALLET_ENCRYPTION_KEY: ${describeHolder(other)} cannot open key ${keyId}, which this instance ` +
      'would seal new values with: give every running instance that key in WALLET_ENCRYPTION_PREVIOUS_KEYS ' +
      'and restart them first, or stop them (docs/operations.md, "Rotating the master key")'
    : `WALLET_ENCRYPTION_PREVIOUS_KEYS: ${describeHolder(other)} seals values with key ${keyId}, which this ` +
      'instance cannot open: configure that key here too, or, while keys:rotate rotates the embedded ' +
      'secrets file, start again once it has finished';

/**
 * A process that seals and opens values in the store (a running service, a `keys:rotate` run),
 * and which master keys it holds, by id only: the key material never leaves the process.
 */
export interface KeyHolder {
  /** The process: a service's instance id, or a rotation run's. */
  readonly id: string;
  readonly kind: 'service' | 'key-rotation';
  /** The id of the master key it seals new values with. */
  readonly sealsWith: string;
  /** The ids of every master key it can open values with, `sealsWith` among them. */
  readonly opens: readonly string[];
  /** It counts as running until then, unless it announces itself again. */
  readonly expiresAt: Date;
}

/**
 * The processes working on one store, kept in the store so that every instance and every command
 * sees the same list: a key rotation must not seal values a running instance cannot open.
 */
export interface KeyHolderStore {
  /** Records the holder, or renews it with what it holds now; forgets those expired at `now`. */
  announce(holder: KeyHolder, now: Date): Promise<void>;
  /** Forgets the holder at once (a graceful stop, the end of a rotation). */
  withdraw(id: string): Promise<void>;
  /** The holders not expired at `now`, by id. */
  listLive(now: Date): Promise<readonly KeyHolder[]>;
}

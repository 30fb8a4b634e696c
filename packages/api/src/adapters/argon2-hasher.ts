import type { PasswordHasher } from '@trx-shop/domain';
import argon2, { type HashOptions } from 'argon2';

export interface Argon2Cost {
  /** Memory in KiB; OWASP's argon2id minimum is 19 MiB. */
  readonly memoryKib: number;
  readonly timeCost: number;
}

/** argon2id; its verify compares in constant time. */
export const createArgon2Hasher = (cost: Argon2Cost): PasswordHasher => {
  const options: HashOptions = {
    type: argon2.argon2id,
    memoryCost: cost.memoryKib,
    timeCost: cost.timeCost,
    parallelism: 1,
  };
  // A hash of a password nobody knows, made with the same cost, for unknown accounts.
  let decoy: Promise<string> | null = null;
  const decoyHash = () => (decoy ??= argon2.hash(`decoy-${Math.random()}-${Date.now()}`, options));
  return {
    hash: (password) => argon2.hash(password, options),
    verify: async (hash, password) => {
      try {
        const matches = await argon2.verify(hash ?? (await decoyHash()), password);
        return hash !== null && matches;
      } catch {
        return false;
      }
    },
  };
};

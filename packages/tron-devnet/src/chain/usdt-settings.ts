/**
 * What a Tether USD call costs and returns on the devnet. The energy of a transfer depends on
 * whether the recipient already holds USDT (the TVM's SSTORE of a zero slot costs four times a
 * rewrite); mainnet's figures include the dynamic-energy penalty, which governance moves.
 */
export interface UsdtSettings {
  /** Energy of a transfer to an address that holds USDT (mainnet: 64,285). */
  readonly energyToHolder: number;
  /** Energy of a transfer to an address that holds none (mainnet: 130,285). */
  readonly energyToNonHolder: number;
  /** The part of `energyToHolder` that is the dynamic-energy penalty (`energy_penalty_total`). */
  readonly penaltyToHolder: number;
  /** The part of `energyToNonHolder` that is the dynamic-energy penalty. */
  readonly penaltyToNonHolder: number;
  /** Energy a reverted call uses before it stops (the balance check fails early). */
  readonly revertEnergy: number;
  /** Mainnet's USDT returns false from a successful `transfer`; true mimics a textbook ERC-20. */
  readonly transferReturnsTrue: boolean;
}

/**
 * Mainnet's energies (docs.catfee.io; receipt of java-tron#6263) and penalty (49,635 on that
 * receipt; for a non-holder the same factor over wallet-cli's 29,650 base). The revert energy is
 * a guess: no source gives a failed USDT transfer's usage.
 */
export const DEFAULT_USDT_SETTINGS: UsdtSettings = {
  energyToHolder: 64_285,
  energyToNonHolder: 130_285,
  penaltyToHolder: 49_635,
  penaltyToNonHolder: 100_635,
  revertEnergy: 4_000,
  transferReturnsTrue: false,
};

const ENERGY_KEYS = [
  'energyToHolder',
  'energyToNonHolder',
  'penaltyToHolder',
  'penaltyToNonHolder',
  'revertEnergy',
] as const;
const KNOWN_KEYS: readonly string[] = [...ENERGY_KEYS, 'transferReturnsTrue'];

/** A setting the devnet refuses, with the reason in words. */
export class UsdtSettingsError extends Error {}

/** `base` with `changes` applied; every field checked, so a refused change leaves nothing half set. */
export const withUsdtSettings = (
  base: UsdtSettings,
  changes: Readonly<Record<string, unknown>>,
): UsdtSettings => {
  const unknown = Object.keys(changes).filter((key) => !KNOWN_KEYS.includes(key));
  if (unknown.length > 0) {
    throw new UsdtSettingsError(
      `unknown USDT settings ${unknown.join(', ')}; known: ${KNOWN_KEYS.join(', ')}`,
    );
  }
  const energy = (key: (typeof ENERGY_KEYS)[number]): number => {
    const value = changes[key];
    if (value === undefined) return base[key];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      throw new UsdtSettingsError(`${key} must be a non-negative integer (energy units)`);
    }
    return value;
  };
  const returnsTrue = changes.transferReturnsTrue ?? base.transferReturnsTrue;
  if (typeof returnsTrue !== 'boolean')
    throw new UsdtSettingsError('transferReturnsTrue must be true or false');
  const settings: UsdtSettings = {
    energyToHolder: energy('energyToHolder'),
    energyToNonHolder: energy('energyToNonHolder'),
    penaltyToHolder: energy('penaltyToHolder'),
    penaltyToNonHolder: energy('penaltyToNonHolder'),
    revertEnergy: energy('revertEnergy'),
    transferReturnsTrue: returnsTrue,
  };
  if (settings.penaltyToHolder > settings.energyToHolder) {
    throw new UsdtSettingsError('penaltyToHolder cannot exceed energyToHolder: the penalty is part of it');
  }
  if (settings.penaltyToNonHolder > settings.energyToNonHolder) {
    throw new UsdtSettingsError(
      'penaltyToNonHolder cannot exceed energyToNonHolder: the penalty is part of it',
    );
  }
  return settings;
};

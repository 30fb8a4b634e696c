import { DEFAULT_USDT_SETTINGS, type UsdtSettings, withUsdtSettings } from './chain/usdt-settings.js';

export interface DevnetOptions {
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default 1000; 0 = no automatic block production (tests produce blocks through /devnet/blocks). */
  blockIntervalMs?: number;
  /** Default 3: a block is solid once head >= its number + solidDepth. */
  solidDepth?: number;
  /** File the chain persists to; null/undefined keeps it in memory only. */
  statePath?: string | null;
  /** Balance of the genesis account at genesis. */
  genesisBalanceSun?: number;
  /** Free bandwidth per account per day (java-tron `getFreeNetLimit`), default 600. */
  freeBandwidthBytes?: number;
  /** SUN burned per bandwidth byte once the free bandwidth is used (`getTransactionFee`), default 1000. */
  burnSunPerByte?: number;
  /** Burned by TransferContract when it activates the recipient (`getCreateNewAccountFeeInSystemContract`), default 1 TRX. */
  createAccountFeeSun?: number;
  /** Burned instead of bandwidth when a transfer activates the recipient (`getCreateAccountFee`), default 0.1 TRX. */
  createNewAccountBandwidthFeeSun?: number;
  /** SUN burned per unit of energy a contract call uses (`getEnergyFee`), default 100. */
  energyFeeSun?: number;
  /** Largest `fee_limit` a contract call may set (`getMaxFeeLimit`), default 15,000 TRX. */
  maxFeeLimitSun?: number;
  /** Energy and return value of the Tether USD contract's calls; unset fields keep mainnet's. */
  usdt?: Partial<UsdtSettings>;
  logger?: (line: string) => void;
}

export interface DevnetConfig {
  readonly host: string;
  readonly port: number;
  readonly blockIntervalMs: number;
  /** Chain time between two blocks: never below one second so block timestamps stay on whole seconds. */
  readonly slotMs: number;
  readonly solidDepth: number;
  readonly statePath: string | null;
  readonly genesisBalanceSun: number;
  readonly fees: FeeSchedule;
  /** Where the control API's settings start from at every start (they are not persisted). */
  readonly usdt: UsdtSettings;
  readonly logger: (line: string) => void;
}

export interface FeeSchedule {
  readonly freeBandwidthBytes: number;
  readonly burnSunPerByte: number;
  readonly createAccountFeeSun: number;
  readonly createNewAccountBandwidthFeeSun: number;
  readonly energyFeeSun: number;
  readonly maxFeeLimitSun: number;
}

/** 9 billion TRX: the largest round amount that stays a safe integer in SUN. */
export const DEFAULT_GENESIS_BALANCE_SUN = 9_000_000_000_000_000;

const nonNegativeInteger = (name: string, value: number | undefined, fallback: number): number => {
  const chosen = value ?? fallback;
  if (!Number.isSafeInteger(chosen) || chosen < 0) {
    throw new RangeError(`${name} must be a non-negative safe integer, got ${String(value)}`);
  }
  return chosen;
};

export const resolveOptions = (options: DevnetOptions = {}): DevnetConfig => {
  const blockIntervalMs = nonNegativeInteger('blockIntervalMs', options.blockIntervalMs, 1000);
  return {
    host: options.host ?? '127.0.0.1',
    port: nonNegativeInteger('port', options.port, 0),
    blockIntervalMs,
    slotMs: Math.max(blockIntervalMs, 1000),
    solidDepth: nonNegativeInteger('solidDepth', options.solidDepth, 3),
    statePath: options.statePath ?? null,
    genesisBalanceSun: nonNegativeInteger(
      'genesisBalanceSun',
      options.genesisBalanceSun,
      DEFAULT_GENESIS_BALANCE_SUN,
    ),
    fees: {
      freeBandwidthBytes: nonNegativeInteger('freeBandwidthBytes', options.freeBandwidthBytes, 600),
      burnSunPerByte: nonNegativeInteger('burnSunPerByte', options.burnSunPerByte, 1000),
      createAccountFeeSun: nonNegativeInteger('createAccountFeeSun', options.createAccountFeeSun, 1_000_000),
      createNewAccountBandwidthFeeSun: nonNegativeInteger(
        'createNewAccountBandwidthFeeSun',
        options.createNewAccountBandwidthFeeSun,
        100_000,
      ),
      energyFeeSun: nonNegativeInteger('energyFeeSun', options.energyFeeSun, 100),
      maxFeeLimitSun: nonNegativeInteger('maxFeeLimitSun', options.maxFeeLimitSun, 15_000_000_000),
    },
    usdt: withUsdtSettings(DEFAULT_USDT_SETTINGS, options.usdt ?? {}),
    logger: options.logger ?? (() => {}),
  };
};

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ChainSnapshot } from '../chain/chain-state.js';
import { isJsonObject } from '../chain/signed-transaction.js';

const FORMAT = 'trx-shop-devnet/1';

const isSnapshot = (value: unknown): value is ChainSnapshot =>
  isJsonObject(value) &&
  value.format === FORMAT &&
  isJsonObject(value.witness) &&
  isJsonObject(value.genesis) &&
  typeof value.headNumber === 'number' &&
  typeof value.solidNumber === 'number' &&
  isJsonObject(value.tapos) &&
  ['blocks', 'confirmedAccounts', 'solidAccounts', 'transactions', 'pending'].every((key) =>
    Array.isArray(value[key]),
  );

/** null when there is no file yet; a file that is not a devnet state stops the start (never silently reset). */
export const readStateFile = (path: string): ChainSnapshot | null => {
  if (!existsSync(path)) return null;
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!isSnapshot(parsed)) throw new Error(`${path} is not a ${FORMAT} state file`);
  return parsed;
};

/** Temp file then rename: a crash mid-write leaves the previous state intact, never half a file. */
export const writeStateFile = (path: string, snapshot: ChainSnapshot): void => {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(snapshot));
  renameSync(temporary, path);
};

/** Coalesces the writes of a burst of changes (a block and its transactions) into one. */
export class DebouncedStateWriter {
  readonly #path: string;
  readonly #snapshot: () => ChainSnapshot;
  readonly #delayMs: number;
  #timer: NodeJS.Timeout | null = null;

  constructor(path: string, snapshot: () => ChainSnapshot, delayMs = 100) {
    this.#path = path;
    this.#snapshot = snapshot;
    this.#delayMs = delayMs;
  }

  changed(): void {
    if (this.#timer !== null) return;
    this.#timer = setTimeout(() => this.flush(), this.#delayMs);
  }

  flush(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    writeStateFile(this.#path, this.#snapshot());
  }
}

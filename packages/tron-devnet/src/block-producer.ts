import type { DevnetChain } from './chain/chain.js';

/** Produces a block every `intervalMs` (0 = never on its own) unless paused. */
export class BlockProducer {
  readonly #chain: DevnetChain;
  readonly #intervalMs: number;
  #timer: NodeJS.Timeout | null = null;
  #paused = false;

  constructor(chain: DevnetChain, intervalMs: number) {
    this.#chain = chain;
    this.#intervalMs = intervalMs;
  }

  start(): void {
    if (this.#intervalMs === 0 || this.#timer !== null) return;
    this.#timer = setInterval(() => {
      if (!this.#paused) this.#chain.produceBlock();
    }, this.#intervalMs);
  }

  stop(): void {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
  }

  get paused(): boolean {
    return this.#paused;
  }

  pause(): void {
    this.#paused = true;
  }

  resume(): void {
    this.#paused = false;
  }
}

import type { HexAddress } from './addresses.js';

const UINT256_MAX = (1n << 256n) - 1n;

/** The persisted form: amounts as decimal text, since they outgrow a JSON number. */
export interface TokenSnapshot {
  readonly totalSupply: string;
  readonly balances: Readonly<Record<HexAddress, string>>;
}

/** What the contract's code reads: balances never change through this view. */
export interface TokenReader {
  readonly totalSupply: bigint;
  balanceOf(address: HexAddress): bigint;
}

/**
 * A TRC-20 token's storage: a balance per 20-byte address (keyed here by its 41-prefixed form)
 * and the total supply. A zero balance is dropped, as a zeroed storage slot is.
 */
export class TokenBalances implements TokenReader {
  readonly #balances: Map<HexAddress, bigint>;
  #totalSupply: bigint;

  private constructor(balances: Map<HexAddress, bigint>, totalSupply: bigint) {
    this.#balances = balances;
    this.#totalSupply = totalSupply;
  }

  static empty(): TokenBalances {
    return new TokenBalances(new Map(), 0n);
  }

  static fromSnapshot(snapshot: TokenSnapshot): TokenBalances {
    const balances = new Map(
      Object.entries(snapshot.balances).map(([address, amount]) => [address, BigInt(amount)] as const),
    );
    return new TokenBalances(balances, BigInt(snapshot.totalSupply));
  }

  get totalSupply(): bigint {
    return this.#totalSupply;
  }

  balanceOf(address: HexAddress): bigint {
    return this.#balances.get(address) ?? 0n;
  }

  /** Creates tokens out of nothing (the devnet's mint); throws past uint256. */
  mint(address: HexAddress, amount: bigint): void {
    if (amount <= 0n) throw new RangeError('a mint amount must be positive');
    if (this.#totalSupply + amount > UINT256_MAX)
      throw new RangeError('the total supply would exceed uint256');
    this.#totalSupply += amount;
    this.#set(address, this.balanceOf(address) + amount);
  }

  /** The state change of a successful `transfer`; the caller has checked the balance. */
  move(from: HexAddress, to: HexAddress, amount: bigint): void {
    const fromBalance = this.balanceOf(from);
    if (fromBalance < amount) throw new Error(`TokenBalances.move: ${from} holds ${fromBalance} < ${amount}`);
    this.#set(from, fromBalance - amount);
    this.#set(to, this.balanceOf(to) + amount);
  }

  clone(): TokenBalances {
    return new TokenBalances(new Map(this.#balances), this.#totalSupply);
  }

  snapshot(): TokenSnapshot {
    return {
      totalSupply: this.#totalSupply.toString(),
      balances: Object.fromEntries(
        [...this.#balances].map(([address, amount]) => [address, amount.toString()]),
      ),
    };
  }

  #set(address: HexAddress, amount: bigint): void {
    if (amount === 0n) this.#balances.delete(address);
    else this.#balances.set(address, amount);
  }
}

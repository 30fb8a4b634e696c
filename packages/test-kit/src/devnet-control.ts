/** A transaction as the devnet's own bookkeeping (`GET /devnet/transactions`) lists it. */
export interface DevnetTransaction {
  readonly txId: string;
  readonly from: string;
  readonly to: string;
  readonly amountSun: number;
  readonly blockNumber: number | null;
  readonly status: string;
  /** Included in a block but its contract failed (the `fail-in-block` fault): no TRX moved. */
  readonly failed: boolean;
}

/** `fail-in-block`: accepted and included, but executed as failed (`TRANSFER_FAILED`). */
export type DevnetFaultMode = 'reject' | 'drop' | 'timeout' | 'accept-timeout' | 'fail-in-block';

export interface DevnetState {
  readonly head: number;
  readonly solid: number;
  readonly headTime: number;
  /** base58 address of the devnet's Tether USD (TRC-20) contract. */
  readonly usdtContract: string;
}

/** The energy a devnet USDT call costs and what `transfer` returns (`/devnet/usdt/settings`). */
export interface DevnetUsdtSettings {
  readonly energyToHolder: number;
  readonly energyToNonHolder: number;
  readonly penaltyToHolder: number;
  readonly penaltyToNonHolder: number;
  readonly revertEnergy: number;
  readonly transferReturnsTrue: boolean;
}

/** The solid depth the devnets of the tests run with unless they say otherwise. */
export const DEFAULT_SOLID_DEPTH = 3;

const request = async <T>(url: string, body?: unknown): Promise<T> => {
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};

/**
 * The devnet's control API (`/devnet/*`, which exists only on the devnet) as functions. Tests run
 * devnets that produce blocks only on request, so nothing waits on a clock.
 */
export const devnetControl = (url: string, options: { readonly solidDepth?: number } = {}) => {
  const solidDepth = options.solidDepth ?? DEFAULT_SOLID_DEPTH;
  const control = {
    url,
    solidDepth,
    fund: (address: string, amountSun: number) =>
      request<{ txId: string }>(`${url}/devnet/fund`, { address, amountSun }),
    produceBlocks: (count: number) => request<{ head: number }>(`${url}/devnet/blocks`, { count }),
    advanceTime: (advanceMs: number) => request<{ headTime: number }>(`${url}/devnet/time`, { advanceMs }),
    injectFaults: (mode: DevnetFaultMode, count: number) =>
      request<unknown>(`${url}/devnet/faults`, { mode, count }),
    pause: () => request<unknown>(`${url}/devnet/pause`, {}),
    resume: () => request<unknown>(`${url}/devnet/resume`, {}),
    state: () => request<DevnetState>(`${url}/devnet/state`),
    /** USDT base units written straight into the contract's storage, head and solid state alike. */
    mintUsdt: (address: string, amount: bigint | number) =>
      request<{ address: string; balance: string; totalSupply: string }>(`${url}/devnet/usdt/mint`, {
        address,
        amount: typeof amount === 'bigint' ? amount.toString() : amount,
      }),
    /** Changes the fields given (none: reads them) and answers every setting. */
    usdtSettings: (changes: Partial<DevnetUsdtSettings> = {}) =>
      request<DevnetUsdtSettings>(`${url}/devnet/usdt/settings`, changes),
    transactionsOf: async (address: string) =>
      (
        await request<{ transactions: DevnetTransaction[] }>(
          `${url}/devnet/transactions?address=${encodeURIComponent(address)}`,
        )
      ).transactions,
    /** Transfers `address` sent (its funding from genesis excluded). */
    transfersSentBy: async (address: string) =>
      (await control.transactionsOf(address)).filter((transfer) => transfer.from === address),
    /** Transfers from `from` to `to`, by the devnet's own list (not the service's records). */
    transfersBetween: async (from: string, to: string) =>
      (await control.transactionsOf(from)).filter((transfer) => transfer.from === from && transfer.to === to),
    /** One block to include what is pending, then enough for that block to become solid. */
    settle: () => control.produceBlocks(1 + solidDepth),
    /** Funds `address` from genesis and makes the funding solid, so confirmed-balance reads see it. */
    fundSolid: async (address: string, amountSun: number) => {
      const funding = await control.fund(address, amountSun);
      await control.settle();
      return funding;
    },
  };
  return control;
};

export type DevnetControl = ReturnType<typeof devnetControl>;

import { toBase58Address, toHexAddress } from '../chain/addresses.js';
import type { DevnetChain } from '../chain/chain.js';
import { UsdtSettingsError, withUsdtSettings } from '../chain/usdt-settings.js';
import type { RouteAnswer, RouteHandler } from './server.js';

const ok = (body: unknown): RouteAnswer => ({ body });
const badRequest = (error: string): RouteAnswer => ({ status: 400, body: { error } });

/** A JSON integer or decimal text: USDT base units outgrow a safe JSON number. */
const positiveBaseUnits = (value: unknown): bigint | null => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return BigInt(value);
  if (typeof value === 'string' && /^[1-9]\d*$/.test(value)) return BigInt(value);
  return null;
};

/** A failed mint: the address or amount the caller gave is not one the devnet can mint. */
export class UsdtMintError extends Error {}

/** What `POST /devnet/usdt/mint` does, shared with the in-process `RunningDevnet.mintUsdt`. */
export const mintUsdt = (chain: DevnetChain, addressInput: unknown, amountInput: unknown) => {
  const address = toHexAddress(addressInput);
  if (address === null) throw new UsdtMintError('address must be a base58 or 41-prefixed hex TRON address');
  const amount = positiveBaseUnits(amountInput);
  if (amount === null) {
    throw new UsdtMintError(
      'amount must be a positive integer of USDT base units (a number, or decimal text)',
    );
  }
  try {
    chain.mintUsdt(address, amount);
  } catch (error) {
    if (error instanceof RangeError) throw new UsdtMintError(error.message);
    throw error;
  }
  return {
    address: toBase58Address(address),
    balance: chain.usdt('head').balanceOf(address).toString(),
    totalSupply: chain.usdt('head').totalSupply.toString(),
  };
};

/** `/devnet/usdt/*`: token balances without a contract call, and what the contract's calls cost. */
export const usdtControlRoutes = (chain: DevnetChain): [string, RouteHandler][] => {
  const mint: RouteHandler = (params) => {
    try {
      return ok(mintUsdt(chain, params.address, params.amount));
    } catch (error) {
      if (error instanceof UsdtMintError) return badRequest(error.message);
      throw error;
    }
  };

  /** GET answers the settings; POST changes the fields it names and answers them all. */
  const settings: RouteHandler = (params) => {
    try {
      chain.usdtSettings = withUsdtSettings(chain.usdtSettings, params);
      return ok(chain.usdtSettings);
    } catch (error) {
      if (error instanceof UsdtSettingsError) return badRequest(error.message);
      throw error;
    }
  };

  return [
    ['/devnet/usdt/mint', mint],
    ['/devnet/usdt/settings', settings],
  ];
};

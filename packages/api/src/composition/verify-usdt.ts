import { USDT_DECIMALS, type UsdtChain } from '@trx-shop/domain';

const REMEDY = "set USDT_CONTRACT to the network's Tether USD contract, or to off for a TRX-only shop";

/**
 * Asks the configured token for its symbol and decimals and refuses the start unless it is USDT
 * with 6 decimals: every USDT amount the service stores is in those base units, and a wrong
 * contract (another token, an address on another network) would count someone else's money.
 */
export const verifyUsdtContract = async (usdt: UsdtChain | null): Promise<void> => {
  if (usdt === null) return;
  const token = await usdt.tokenInfo().catch((error: unknown) => {
    throw new Error(
      `USDT_CONTRACT: ${usdt.contractAddress} did not answer symbol() and decimals() (${error instanceof Error ? error.message : String(error)}); ${REMEDY}`,
    );
  });
  if (token.symbol !== 'USDT' || token.decimals !== USDT_DECIMALS) {
    throw new Error(
      `USDT_CONTRACT: ${usdt.contractAddress} is ${JSON.stringify(token.symbol)} with ${token.decimals} decimals, not USDT with ${USDT_DECIMALS}; ${REMEDY}`,
    );
  }
};

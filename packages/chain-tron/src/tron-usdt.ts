import {
  domainError,
  type SignedTransfer,
  type Sun,
  type UsdtChain,
  type UsdtFeeEstimate,
  type UsdtTransferRequest,
  type UsdtUnits,
  usdtFeeLimitSun,
} from '@trx-shop/domain';
import { bandwidthOfResourceReply } from './account-replies.js';
import { requireBase58Address, requireTransferParties } from './addresses.js';
import { chainUnavailable, readFromNode } from './chain-unavailable.js';
import { constantCallBody, constantResultOf } from './constant-call.js';
import type { TokenContract } from './contract-receipt.js';
import { energyPricingOfReply, keptFor } from './energy-pricing.js';
import type { NodePost } from './node-http.js';
import { referenceBlockOfReply } from './reference-block.js';
import { signedTransferOf } from './signed-transaction.js';
import { abiStringOf, addressWord, evmHexOf, safeUnitsOf, uintOfWord } from './token-abi.js';
import { signTransaction } from './transaction-signing.js';
import { type TransferFeeSchedule, transferFeeSun } from './transfer-fee.js';
import { signedTransferBandwidthBytes, usdtTransferRawDataBytes } from './transfer-size.js';
import type { TronWeb } from './tronweb-library.js';
import { uniqueTimestamp } from './unique-timestamp.js';

/** Energy of a USDT transfer on mainnet today, penalty included (tron-trc20.md section 3). */
export const DEFAULT_HOLDER_ENERGY = 64_285;
export const DEFAULT_NON_HOLDER_ENERGY = 130_285;
/** The energy price changes only by a governance proposal: a minute-old price is current. */
const ENERGY_PRICING_TTL_MS = 60_000;

export interface TronUsdtOptions {
  /** The token contract, base58 (USDT_CONTRACT). */
  readonly contractAddress: string;
  /** The largest `fee_limit` signed (USDT_FEE_LIMIT_TRX). */
  readonly feeLimitCapSun: Sun;
  /**
   * Energy per transfer to a holder and to an address holding none. From configuration, since a
   * node estimates energy only with `vm.estimateEnergy` on (and the devnet not at all); the
   * defaults are mainnet's, which its dynamic-energy factor moves.
   */
  readonly holderEnergy?: number | undefined;
  readonly nonHolderEnergy?: number | undefined;
  /** How long an energy price read from the node is reused; default a minute. */
  readonly energyPricingTtlMs?: number | undefined;
}

export interface TronUsdtDeps {
  readonly tronWeb: TronWeb;
  readonly post: NodePost;
  /** Bandwidth is billed as for a TRX transfer, by the chain's schedule. */
  readonly feeSchedule: TransferFeeSchedule;
}

const requireRequest = (request: UsdtTransferRequest): UsdtTransferRequest => {
  requireTransferParties(request);
  if (request.fromAddress === request.toAddress) {
    throw domainError('VALIDATION_ERROR', 'a USDT transfer needs a recipient other than its sender');
  }
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
    throw domainError('VALIDATION_ERROR', 'USDT amount must be a positive whole number of base units');
  }
  return request;
};

/** The configured token in the spellings the node's replies use. */
export const tokenContractOf = (base58: string): TokenContract => ({ base58, evmHex: evmHexOf(base58) });

/**
 * USDT through the node's HTTP API as TronWeb would use it: balances by `balanceOf` view calls
 * (solidity node for solid, full node for head), a transfer built locally (TronWeb's builder,
 * TAPOS from the node's head block) with an explicit fee limit, and fees from the node's energy
 * price. Never trusts `transfer`'s return value: lookups read the receipt and the log.
 */
export const createTronUsdt = (options: TronUsdtOptions, deps: TronUsdtDeps): UsdtChain => {
  const { tronWeb, post } = deps;
  const contract = requireBase58Address(options.contractAddress, 'USDT_CONTRACT');
  const holderEnergy = options.holderEnergy ?? DEFAULT_HOLDER_ENERGY;
  const nonHolderEnergy = options.nonHolderEnergy ?? DEFAULT_NON_HOLDER_ENERGY;
  const energyPricing = keptFor(options.energyPricingTtlMs ?? ENERGY_PRICING_TTL_MS, () =>
    readFromNode(
      'read the energy price',
      () => post('wallet/getchainparameters', '{}'),
      energyPricingOfReply,
    ),
  );

  const view = <T>(
    operation: string,
    path: string,
    selector: string,
    parameter: string,
    read: (hex: string) => T,
  ) =>
    readFromNode(
      operation,
      () => post(path, constantCallBody(contract, selector, parameter)),
      (reply) => read(constantResultOf(reply)),
    );

  const balanceAt = async (address: string, solid: boolean): Promise<UsdtUnits> => {
    requireBase58Address(address, 'address');
    return view(
      'read a USDT balance',
      solid ? 'walletsolidity/triggerconstantcontract' : 'wallet/triggerconstantcontract',
      'balanceOf(address)',
      addressWord(address),
      (hex) => safeUnitsOf(uintOfWord(hex.slice(0, 64)), 'a USDT balance'),
    );
  };

  /** The fee limit for a transfer of `energy` at today's price, within the cap and the chain's maximum. */
  const feeLimitFor = async (energy: number): Promise<{ energyFeeSun: Sun; feeLimitSun: Sun }> => {
    const pricing = await energyPricing();
    const energyFeeSun = energy * pricing.energyFeeSun;
    const cap = Math.min(options.feeLimitCapSun, pricing.maxFeeLimitSun ?? options.feeLimitCapSun);
    return { energyFeeSun, feeLimitSun: usdtFeeLimitSun(energyFeeSun, cap) };
  };

  return {
    contractAddress: contract,

    async tokenInfo() {
      const [symbol, decimals] = await Promise.all([
        view('read the token symbol', 'wallet/triggerconstantcontract', 'symbol()', '', abiStringOf),
        view('read the token decimals', 'wallet/triggerconstantcontract', 'decimals()', '', (hex) =>
          safeUnitsOf(uintOfWord(hex.slice(0, 64)), 'decimals'),
        ),
      ]);
      return { symbol, decimals };
    },

    getConfirmedBalance: (address) => balanceAt(address, true),

    getUnconfirmedBalance: (address) => balanceAt(address, false),

    async estimateTransferFee(request): Promise<UsdtFeeEstimate> {
      const { fromAddress, toAddress } = requireRequest(request);
      // The head's balance is the storage slot the transfer will write: zero costs the non-holder energy.
      const [recipientTokens, sender] = await Promise.all([
        balanceAt(toAddress, false),
        readFromNode(
          'read the sender bandwidth',
          () => post('wallet/getaccountresource', JSON.stringify({ address: `41${evmHexOf(fromAddress)}` })),
          bandwidthOfResourceReply,
        ),
      ]);
      const recipientHoldsUsdt = recipientTokens > 0;
      const energy = recipientHoldsUsdt ? holderEnergy : nonHolderEnergy;
      const { energyFeeSun, feeLimitSun } = await feeLimitFor(energy);
      const bandwidthBytes = signedTransferBandwidthBytes(usdtTransferRawDataBytes(feeLimitSun));
      // A contract call never activates an account, so bandwidth is billed as between existing ones.
      const bandwidthFeeSun = transferFeeSun({
        bandwidthBytes,
        sender,
        recipientExists: true,
        schedule: deps.feeSchedule,
      });
      return {
        feeSun: energyFeeSun + bandwidthFeeSun,
        energy,
        bandwidthBytes,
        recipientHoldsUsdt,
        feeLimitSun,
      };
    },

    async signTransfer(request, privateKey): Promise<SignedTransfer> {
      const { fromAddress, toAddress, amount } = requireRequest(request);
      const { feeLimitSun } = request;
      if (!Number.isSafeInteger(feeLimitSun) || feeLimitSun <= 0) {
        throw domainError('VALIDATION_ERROR', 'a fee limit is a positive whole number of SUN');
      }
      if (feeLimitSun > options.feeLimitCapSun) {
        throw domainError(
          'VALIDATION_ERROR',
          `the fee limit is above the configured cap of ${options.feeLimitCapSun} SUN (USDT_FEE_LIMIT_TRX)`,
        );
      }
      let unsigned: Awaited<
        ReturnType<typeof tronWeb.transactionBuilder.triggerSmartContract>
      >['transaction'];
      try {
        const head = referenceBlockOfReply(await post('wallet/getblock', '{"detail":false}'));
        ({ transaction: unsigned } = await tronWeb.transactionBuilder.triggerSmartContract(
          contract,
          'transfer(address,uint256)',
          {
            feeLimit: feeLimitSun,
            txLocal: true,
            blockHeader: { ...head, timestamp: uniqueTimestamp(head.timestamp) },
          },
          [
            { type: 'address', value: toAddress },
            { type: 'uint256', value: amount },
          ],
          fromAddress,
        ));
      } catch (error) {
        throw chainUnavailable('provide a reference block', error);
      }
      try {
        return signedTransferOf(signTransaction(unsigned, privateKey));
      } catch {
        // A fixed text: whatever went wrong, the answer never quotes the key material.
        throw domainError('INTERNAL_ERROR', 'the wallet key could not sign a transfer from its address');
      }
    },
  };
};

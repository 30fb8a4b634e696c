import { toHexAddress } from '../chain/addresses.js';
import type { ChainView, DevnetChain } from '../chain/chain.js';
import { REVERT_MESSAGE } from '../chain/contract-call-execution.js';
import { utf8ToHex } from '../chain/hex.js';
import type { JsonObject } from '../chain/signed-transaction.js';
import { type TriggerRequest, unsignedTriggerTransaction } from '../chain/trigger-transaction.js';
import { callsView, runUsdtCall } from '../chain/usdt-contract.js';
import type { RouteAnswer, RouteHandler } from './server.js';
import { usdtSmartContractJson } from './smart-contract-json.js';
import { parseTriggerParams, TriggerParamsError } from './trigger-params.js';

const ok = (body: unknown): RouteAnswer => ({ body });

/** `TransactionExtention` with only `result` set: what a refused trigger answers (HTTP 200). */
const refusal = (code: 'OTHER_ERROR' | 'CONTRACT_VALIDATE_ERROR', message: string): RouteAnswer =>
  ok({ result: { code, message: utf8ToHex(message) } });

const parsed = (params: JsonObject): TriggerRequest | RouteAnswer => {
  try {
    return parseTriggerParams(params);
  } catch (error) {
    if (error instanceof TriggerParamsError) return refusal('OTHER_ERROR', error.message);
    throw error;
  }
};

const isRequest = (value: TriggerRequest | RouteAnswer): value is TriggerRequest =>
  typeof value === 'object' && 'owner' in value;

/** getcontract, triggerconstantcontract (head and solid state) and triggersmartcontract for the one USDT contract. */
export const contractRoutes = (chain: DevnetChain): [string, RouteHandler][] => {
  const referenceBlock = (view: ChainView) => (view === 'head' ? chain.head : chain.solidBlock);

  /**
   * `Wallet.callConstantContract`: the code runs against the view's state and nothing is kept. A
   * revert is still `result.result: true`, with the message and `ret: FAILED` on the transaction.
   */
  const constantReply = (request: TriggerRequest, view: ChainView): RouteAnswer => {
    const transaction = unsignedTriggerTransaction(request, referenceBlock(view), chain.chainNow);
    const outcome = runUsdtCall(
      chain.usdt(view),
      request.owner,
      request.data,
      request.callValue,
      chain.usdtSettings,
    );
    const reverted = outcome.kind === 'reverted';
    return ok({
      result: reverted ? { result: true, message: utf8ToHex(REVERT_MESSAGE) } : { result: true },
      energy_used: outcome.energy,
      constant_result: [outcome.returnData],
      transaction: { ret: [reverted ? { ret: 'FAILED' } : {}], ...transaction },
    });
  };

  const getContract: RouteHandler = (params) => {
    if (params.value === undefined || params.value === '') return ok({});
    const address = toHexAddress(params.value);
    if (address === null) {
      return ok({
        Error: 'class org.tron.core.services.http.JsonFormat$ParseException : INVALID hex String',
      });
    }
    if (address !== chain.usdtContract) return ok({});
    return ok(usdtSmartContractJson(address, chain.genesis.address, params.visible === true));
  };

  const triggerConstant =
    (view: ChainView): RouteHandler =>
    (params) => {
      const request = parsed(params);
      if (!isRequest(request)) return request;
      if (request.contract !== chain.usdtContract) {
        return refusal('CONTRACT_VALIDATE_ERROR', 'Smart contract is not exist.');
      }
      return constantReply(request, view);
    };

  /** Builds, never executes, unless the ABI marks the function a view (`Wallet.triggerContract`). */
  const triggerSmartContract: RouteHandler = (params) => {
    const request = parsed(params);
    if (!isRequest(request)) return request;
    if (request.contract !== chain.usdtContract) {
      return refusal('CONTRACT_VALIDATE_ERROR', 'No contract or not a valid smart contract');
    }
    if (callsView(request.data)) return constantReply(request, 'head');
    return ok({
      result: { result: true },
      transaction: unsignedTriggerTransaction(request, chain.head, chain.chainNow),
    });
  };

  return [
    ['/wallet/getcontract', getContract],
    ['/wallet/triggerconstantcontract', triggerConstant('head')],
    ['/walletsolidity/triggerconstantcontract', triggerConstant('solid')],
    ['/wallet/triggersmartcontract', triggerSmartContract],
  ];
};

import type { HexAddress } from './addresses.js';
import { taposHash, taposKey } from './blocks.js';
import type { BlockRecord } from './chain-state.js';
import type { JsonObject } from './signed-transaction.js';
import { utils } from './tronweb-utils.js';

/** java-tron's default `trx.expiration.timeInMilliseconds`: the reference block's time plus 60 s. */
const EXPIRATION_MS = 60_000;

/** A `triggersmartcontract` / `triggerconstantcontract` request, parsed. */
export interface TriggerRequest {
  readonly owner: HexAddress;
  readonly contract: HexAddress;
  /** Selector and arguments, lowercase hex. */
  readonly data: string;
  readonly callValue: number;
  readonly callTokenValue: number;
  readonly tokenId: number;
  readonly feeLimit: number;
  readonly permissionId: number;
}

/**
 * `Wallet.createTransactionCapsule` plus the servlet's `setFeeLimit`: only the fields java-tron
 * sets, defaults omitted, because TronWeb rebuilds the transaction from its own request and
 * refuses it ("Invalid transaction") unless `raw_data_hex` and `txID` match byte for byte.
 */
export const unsignedTriggerTransaction = (
  request: TriggerRequest,
  reference: BlockRecord,
  now: number,
): JsonObject => {
  const value: JsonObject = {
    ...(request.data === '' ? {} : { data: request.data }),
    owner_address: request.owner,
    contract_address: request.contract,
    ...(request.callValue === 0 ? {} : { call_value: request.callValue }),
    ...(request.callTokenValue === 0 ? {} : { call_token_value: request.callTokenValue }),
    ...(request.tokenId === 0 ? {} : { token_id: request.tokenId }),
  };
  const rawData: JsonObject = {
    contract: [
      {
        parameter: { value, type_url: 'type.googleapis.com/protocol.TriggerSmartContract' },
        type: 'TriggerSmartContract',
        ...(request.permissionId === 0 ? {} : { Permission_id: request.permissionId }),
      },
    ],
    ref_block_bytes: taposKey(reference.number),
    ref_block_hash: taposHash(reference.blockId),
    expiration: reference.timestamp + EXPIRATION_MS,
    ...(request.feeLimit === 0 ? {} : { fee_limit: request.feeLimit }),
    timestamp: now,
  };
  const pb = utils.transaction.txJsonToPb({ raw_data: rawData });
  return {
    visible: false,
    txID: utils.transaction.txPbToTxID(pb).replace(/^0x/, '').toLowerCase(),
    raw_data: rawData,
    raw_data_hex: utils.transaction.txPbToRawDataHex(pb).toLowerCase(),
  };
};

import type { HexAddress } from './addresses.js';
import { taposHash, taposKey } from './blocks.js';
import type { BroadcastVerdict, DevnetChain } from './chain.js';
import type { BlockRecord, KeyPair } from './chain-state.js';
import { hexToBytes } from './hex.js';
import { decodeSignedTransaction, type JsonObject } from './signed-transaction.js';
import { utils } from './tronweb-utils.js';

/** TronWeb's own expiration: head block time plus 60 s. */
const EXPIRATION_MS = 60_000;

/**
 * A TransferContract from the genesis account, built and signed the way TronWeb does it (TAPOS
 * from the head block), so funding goes through the same broadcast rules as any client's transfer.
 */
const signedGenesisTransfer = (
  genesis: KeyPair,
  to: HexAddress,
  amountSun: number,
  head: BlockRecord,
): JsonObject => {
  const rawData = {
    contract: [
      {
        parameter: {
          value: { amount: amountSun, owner_address: genesis.address, to_address: to },
          type_url: 'type.googleapis.com/protocol.TransferContract',
        },
        type: 'TransferContract',
      },
    ],
    ref_block_bytes: taposKey(head.number),
    ref_block_hash: taposHash(head.blockId),
    expiration: head.timestamp + EXPIRATION_MS,
    timestamp: head.timestamp,
  };
  const pb = utils.transaction.txJsonToPb({ raw_data: rawData });
  const txId = utils.transaction.txPbToTxID(pb).replace(/^0x/, '');
  const signature = utils.crypto.ECKeySign(hexToBytes(txId), hexToBytes(genesis.privateKey));
  return {
    visible: false,
    txID: txId,
    raw_data: rawData,
    raw_data_hex: utils.transaction.txPbToRawDataHex(pb).toLowerCase(),
    signature: [signature],
  };
};

/** Funds an account from the genesis account through the chain's broadcast rules. */
export const fundFromGenesis = (chain: DevnetChain, to: HexAddress, amountSun: number): BroadcastVerdict =>
  chain.broadcast(decodeSignedTransaction(signedGenesisTransfer(chain.genesis, to, amountSun, chain.head)));

import { createHash } from 'node:crypto';
import { utils } from './tronweb-utils.js';
import type { BlockRecord, KeyPair } from './chain-state.js';
import { bytesToHex, hexToBytes } from './hex.js';
import { ProtobufWriter } from './protobuf-writer.js';

/** Block version current java-tron nodes write (Nile answers 34). */
const BLOCK_VERSION = 34;
const ZERO_HASH = '00'.repeat(32);

const sha256 = (bytes: Uint8Array): Uint8Array =>
  Uint8Array.from(createHash('sha256').update(bytes).digest());

/** Merkle root over the txIDs; an empty block carries 32 zero bytes, as java-tron's do. */
const transactionsRoot = (txIds: readonly string[]): string => {
  if (txIds.length === 0) return ZERO_HASH;
  let level = txIds.map(hexToBytes);
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let index = 0; index < level.length; index += 2) {
      const left = level[index] as Uint8Array;
      const right = level[index + 1];
      next.push(right === undefined ? left : sha256(Uint8Array.from([...left, ...right])));
    }
    level = next;
  }
  return bytesToHex(level[0] as Uint8Array);
};

/** `BlockHeader.raw` protobuf: timestamp 1, txTrieRoot 2, parentHash 3, number 7, witness_address 9, version 10. */
const headerRawBytes = (header: Omit<BlockRecord, 'blockId' | 'witnessSignature' | 'txIds'>): Uint8Array =>
  new ProtobufWriter()
    .uint(1, header.timestamp)
    .bytes(2, hexToBytes(header.txTrieRoot))
    .bytes(3, hexToBytes(header.parentHash))
    .uint(7, header.number)
    .bytes(9, hexToBytes(header.witnessAddress))
    .uint(10, header.version)
    .finish();

export interface NewBlock {
  readonly number: number;
  readonly parentHash: string;
  readonly timestamp: number;
  readonly txIds: readonly string[];
  readonly witness: KeyPair;
}

/** blockID = 8-byte big-endian number, then bytes 8..31 of sha256(header raw), as `BlockCapsule.getBlockId`. */
export const sealBlock = ({ number, parentHash, timestamp, txIds, witness }: NewBlock): BlockRecord => {
  const header = {
    number,
    parentHash,
    timestamp,
    txTrieRoot: transactionsRoot(txIds),
    witnessAddress: witness.address,
    version: BLOCK_VERSION,
  };
  const rawHash = sha256(headerRawBytes(header));
  const blockId = number.toString(16).padStart(16, '0') + bytesToHex(rawHash).slice(16);
  const witnessSignature = utils.crypto.ECKeySign(rawHash, hexToBytes(witness.privateKey)).toLowerCase();
  return { ...header, blockId, witnessSignature, txIds: [...txIds] };
};

export const sealGenesisBlock = (timestamp: number, witness: KeyPair): BlockRecord =>
  sealBlock({ number: 0, parentHash: ZERO_HASH, timestamp, txIds: [], witness });

/** TAPOS key: `ref_block_bytes` is the last two bytes of the referenced block's number. */
export const taposKey = (blockNumber: number): string =>
  (blockNumber % 0x10000).toString(16).padStart(4, '0');

/** TAPOS value: `ref_block_hash` is bytes 8..15 of the referenced block's id. */
export const taposHash = (blockId: string): string => blockId.slice(16, 32);

import { blockHeaderOf, integerField, isRecord, MalformedReplyError, nodeErrorText } from './node-replies.js';

export interface ReferenceBlock {
  readonly ref_block_bytes: string;
  readonly ref_block_hash: string;
  readonly timestamp: number;
  readonly expiration: number;
}

/** How long a transfer stays valid after the head it references, as TronWeb sets it. */
const EXPIRATION_MS = 60_000;

/**
 * The TAPOS reference of `wallet/getblock` `{"detail": false}`'s head block, as TronWeb's
 * `getCurrentRefBlockParams` derives it: the number's last two bytes, bytes 8-15 of the block id,
 * and an expiration a minute after the head's time.
 */
export const referenceBlockOfReply = (reply: unknown): ReferenceBlock => {
  const nodeError = nodeErrorText(reply);
  if (nodeError !== undefined) throw new MalformedReplyError(nodeError);
  if (!isRecord(reply) || typeof reply.blockID !== 'string' || !/^[0-9a-f]{64}$/i.test(reply.blockID)) {
    throw new MalformedReplyError('the head block has no blockID');
  }
  const header = blockHeaderOf(reply);
  const timestamp = header === undefined ? undefined : integerField(header, 'timestamp');
  if (header === undefined || timestamp === undefined) {
    throw new MalformedReplyError('the head block has no header timestamp');
  }
  // java-tron omits default values: block 0 has no `number` field.
  const number = integerField(header, 'number') ?? 0;
  return {
    ref_block_bytes: number.toString(16).slice(-4).padStart(4, '0'),
    ref_block_hash: reply.blockID.slice(16, 32).toLowerCase(),
    timestamp,
    expiration: timestamp + EXPIRATION_MS,
  };
};

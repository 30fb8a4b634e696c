/** TronWeb signs with one 65-byte recoverable secp256k1 signature (r ‖ s ‖ v). */
const SIGNATURE_BYTES = 65;
/** java-tron adds MAX_RESULT_SIZE_IN_TX per contract to the bandwidth of every transaction. */
const RESULT_RESERVE_BYTES = 64;

const varintLength = (value: number): number => {
  let length = 1;
  for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128)) length += 1;
  return length;
};

/**
 * The `raw_data` of a TRX transfer as the service builds it, in protobuf bytes (tag, length and
 * value each): ref_block_bytes 1+1+2, ref_block_hash 1+1+8, expiration 1+6 and timestamp 1+6
 * (milliseconds from 2004 to 2109 are six-byte varints), and the contract 1+1+102: its type 2,
 * its `Any` parameter 1+1+(type URL `type.googleapis.com/protocol.TransferContract` 1+1+45,
 * value 1+1+(owner 1+1+21, recipient 1+1+21, amount 1+varint)). Only the amount's varint varies,
 * and no nested length reaches 128, so each length prefix stays one byte.
 */
const TRANSFER_RAW_DATA_FIXED_BYTES = 130;

export const transferRawDataBytes = (amountSun: number): number =>
  TRANSFER_RAW_DATA_FIXED_BYTES + varintLength(amountSun);

/**
 * Bandwidth java-tron charges for a transaction with one signature: the protobuf size of the
 * signed transaction without `ret` (field 1 raw_data, field 2 signature; one tag byte and a
 * length varint each) plus the result reserve.
 */
export const signedTransferBandwidthBytes = (rawBytes: number): number => {
  const rawField = 1 + varintLength(rawBytes) + rawBytes;
  const signatureField = 1 + varintLength(SIGNATURE_BYTES) + SIGNATURE_BYTES;
  return rawField + signatureField + RESULT_RESERVE_BYTES;
};

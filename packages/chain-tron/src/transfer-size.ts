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
 * The `raw_data` of a USDT `transfer(address,uint256)` call as the service builds it:
 * ref_block_bytes 1+1+2, ref_block_hash 1+1+8, expiration 1+6, timestamp 1+6, fee_limit (field
 * 18: a two-byte tag) 2+varint, and the contract 1+2+174: its type 2, its `Any` parameter 1+2+169
 * (type URL `type.googleapis.com/protocol.TriggerSmartContract` 1+1+49, value 1+1+(owner 1+1+21,
 * contract 1+1+21, calldata 1+1+68: the selector and two words)). Only the fee limit's varint
 * varies: 211 bytes for a fee limit of 30 TRX, as tron-trc20.md measured.
 */
const USDT_TRANSFER_RAW_DATA_FIXED_BYTES = 207;

export const usdtTransferRawDataBytes = (feeLimitSun: number): number =>
  USDT_TRANSFER_RAW_DATA_FIXED_BYTES + varintLength(feeLimitSun);

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

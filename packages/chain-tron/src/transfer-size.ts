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
 * Bandwidth java-tron charges for a transaction with one signature: the protobuf size of the
 * signed transaction without `ret` (field 1 raw_data, field 2 signature; one tag byte and a
 * length varint each) plus the result reserve.
 */
export const signedTransferBandwidthBytes = (rawDataHex: string): number => {
  const rawBytes = rawDataHex.length / 2;
  const rawField = 1 + varintLength(rawBytes) + rawBytes;
  const signatureField = 1 + varintLength(SIGNATURE_BYTES) + SIGNATURE_BYTES;
  return rawField + signatureField + RESULT_RESERVE_BYTES;
};

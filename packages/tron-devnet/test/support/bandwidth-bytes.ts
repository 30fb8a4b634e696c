const varintLength = (value: number): number => {
  let length = 1;
  for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 0x80)) length += 1;
  return length;
};

/**
 * The bandwidth java-tron bills for a signed transaction, computed from the protobuf layout by hand:
 * field 1 (raw_data) and each field 2 (signature) with their tag and length prefixes, plus 64 bytes
 * of result space per contract.
 */
export const billedBytes = (signed: { raw_data_hex: string; signature?: string[] }): number => {
  const rawLength = signed.raw_data_hex.length / 2;
  let size = 1 + varintLength(rawLength) + rawLength;
  for (const signature of signed.signature ?? []) {
    const length = signature.length / 2;
    size += 1 + varintLength(length) + length;
  }
  return size + 64;
};

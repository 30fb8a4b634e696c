/**
 * The few protobuf wire-format pieces a block header needs (varint and length-delimited fields).
 * Transactions are encoded by TronWeb's generated protobuf classes instead; block headers are not
 * something TronWeb ever encodes, so a dozen lines here beat reaching into its internals.
 */
const varint = (value: number): number[] => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`varint out of range: ${value}`);
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
  return out;
};

export const varintLength = (value: number): number => varint(value).length;

export class ProtobufWriter {
  readonly #bytes: number[] = [];

  /** proto3 omits default values: 0 is not written. */
  uint(field: number, value: number): this {
    if (value !== 0) this.#bytes.push(...varint(field * 8), ...varint(value));
    return this;
  }

  /** proto3 omits default values: empty bytes are not written. */
  bytes(field: number, value: Uint8Array): this {
    if (value.length > 0) this.#bytes.push(...varint(field * 8 + 2), ...varint(value.length), ...value);
    return this;
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.#bytes);
  }
}

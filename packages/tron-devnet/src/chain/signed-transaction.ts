import { utils } from './tronweb-utils.js';
import { type HexAddress, toHexAddress } from './addresses.js';
import { isHex } from './hex.js';
import { varintLength } from './protobuf-writer.js';
import { recoverSignerAddress } from './secp256k1-recovery.js';

/** java-tron adds this to every contract's size when it bills bandwidth (`MAX_RESULT_SIZE_IN_TX`). */
const RESULT_SIZE_PER_CONTRACT = 64;
const SIGNATURE_BYTES = 65;

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the node needs from a broadcast transaction, recomputed from `raw_data` as java-tron does. */
export interface DecodedTransaction {
  /** sha256 of the raw_data protobuf, never the client's own `txID`. */
  readonly txId: string;
  readonly rawData: JsonObject;
  readonly rawDataHex: string;
  /** Lowercase hex, as java-tron prints bytes. */
  readonly signatures: readonly string[];
  readonly contractCount: number;
  readonly contractType: string | null;
  readonly ownerAddress: HexAddress | null;
  readonly toAddress: HexAddress | null;
  readonly amount: unknown;
  readonly refBlockBytes: string;
  readonly refBlockHash: string;
  readonly expiration: number;
  /** Serialized transaction without `ret`, plus 64 per contract: what java-tron bills. */
  readonly bandwidthBytes: number;
}

/** java-tron answers `{"Error": ...}` (HTTP 200) when the body does not parse into a transaction. */
export class UnparsableTransactionError extends Error {}

const numberField = (value: unknown): number => (typeof value === 'number' ? value : Number(value ?? 0));

const signatureField = (value: unknown): string[] => {
  if (!Array.isArray(value))
    throw new UnparsableTransactionError('class java.lang.NullPointerException : null');
  return value.map((item) => {
    if (typeof item !== 'string' || !isHex(item)) {
      throw new UnparsableTransactionError('class java.lang.NullPointerException : null');
    }
    return item.toLowerCase();
  });
};

const transactionId = (body: JsonObject): { txId: string; rawDataHex: string } => {
  try {
    const pb = utils.transaction.txJsonToPb(body);
    return {
      txId: utils.transaction.txPbToTxID(pb).replace(/^0x/, '').toLowerCase(),
      rawDataHex: utils.transaction.txPbToRawDataHex(pb).toLowerCase(),
    };
  } catch (error) {
    throw new UnparsableTransactionError(
      `class org.tron.core.services.http.JsonFormat$ParseException : ${String(error)}`,
    );
  }
};

const bandwidthBytes = (rawDataHex: string, signatures: readonly string[], contractCount: number): number => {
  const rawLength = rawDataHex.length / 2;
  let size = 1 + varintLength(rawLength) + rawLength;
  for (const signature of signatures) {
    const length = signature.length / 2;
    size += 1 + varintLength(length) + length;
  }
  return size + RESULT_SIZE_PER_CONTRACT * contractCount;
};

export const decodeSignedTransaction = (body: unknown): DecodedTransaction => {
  if (!isJsonObject(body) || !isJsonObject(body.raw_data) || !Array.isArray(body.raw_data.contract)) {
    throw new UnparsableTransactionError('class java.lang.NullPointerException : null');
  }
  const rawData = body.raw_data;
  const contracts: unknown[] = body.raw_data.contract;
  const signatures = signatureField(body.signature);
  const { txId, rawDataHex } = transactionId(body);
  const first = contracts[0];
  const parameter = isJsonObject(first) && isJsonObject(first.parameter) ? first.parameter : {};
  const value = isJsonObject(parameter.value) ? parameter.value : {};
  return {
    txId,
    rawData,
    rawDataHex,
    signatures,
    contractCount: contracts.length,
    contractType: isJsonObject(first) && typeof first.type === 'string' ? first.type : null,
    ownerAddress: toHexAddress(value.owner_address),
    toAddress: toHexAddress(value.to_address),
    amount: value.amount,
    refBlockBytes: typeof rawData.ref_block_bytes === 'string' ? rawData.ref_block_bytes.toLowerCase() : '',
    refBlockHash: typeof rawData.ref_block_hash === 'string' ? rawData.ref_block_hash.toLowerCase() : '',
    expiration: numberField(rawData.expiration),
    bandwidthBytes: bandwidthBytes(rawDataHex, signatures, contracts.length),
  };
};

export type SignatureCheck =
  | { readonly kind: 'signed-by'; readonly address: HexAddress }
  | { readonly kind: 'malformed'; readonly detail: string };

/**
 * Recovers the signer of the recomputed txID from the signature's first 65 bytes (r, s, v), as
 * java-tron does; v is a recovery id (0-3, as wallet-cli writes it) or 27+ (as TronWeb does).
 */
export const recoverSigner = (txId: string, signatureHex: string): SignatureCheck => {
  const length = signatureHex.length / 2;
  if (length < SIGNATURE_BYTES) return { kind: 'malformed', detail: `Signature size is ${length}` };
  const recovered = recoverSignerAddress(
    Buffer.from(txId, 'hex'),
    Buffer.from(signatureHex.slice(0, SIGNATURE_BYTES * 2), 'hex'),
  );
  if ('refusal' in recovered) return { kind: 'malformed', detail: recovered.refusal };
  return { kind: 'signed-by', address: recovered.address };
};

import { toHexAddress } from '../chain/addresses.js';
import { selectorOf } from '../chain/abi-words.js';
import { isHex } from '../chain/hex.js';
import type { JsonObject } from '../chain/signed-transaction.js';
import type { TriggerRequest } from '../chain/trigger-transaction.js';

/** The servlets answer what they cannot parse as `OTHER_ERROR` with the Java exception's text. */
export class TriggerParamsError extends Error {}

const isUnset = (value: unknown) => value === undefined || value === null || value === '';

const requiredAddress = (params: JsonObject, field: string) => {
  if (isUnset(params[field])) {
    throw new TriggerParamsError(`class java.security.InvalidParameterException : ${field} isn't set.`);
  }
  const address = toHexAddress(params[field]);
  if (address === null) {
    throw new TriggerParamsError(
      'class org.tron.core.services.http.JsonFormat$ParseException : INVALID hex String',
    );
  }
  return address;
};

const hexField = (params: JsonObject, field: string): string => {
  const value = params[field];
  if (isUnset(value)) return '';
  const text = String(value).replace(/^0x/, '');
  if (!isHex(text)) {
    throw new TriggerParamsError(
      'class org.bouncycastle.util.encoders.DecoderException : exception decoding Hex string: ' +
        `invalid characters encountered in Hex string (${field})`,
    );
  }
  return text.toLowerCase();
};

/** `Util.getJsonLongValue`: a JSON number or numeric text, 0 when absent. */
const longField = (params: JsonObject, field: string): number => {
  const value = params[field];
  if (isUnset(value)) return 0;
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
    throw new TriggerParamsError(
      `class java.lang.NumberFormatException : For input string: '${String(value)}'`,
    );
  }
  return number;
};

/**
 * `function_selector` (whitespace ignored, as TronWeb strips it) with `parameter`, or else
 * `data` as it is; java-tron prefers the selector when both are given.
 */
const callData = (params: JsonObject): string => {
  const selector =
    typeof params.function_selector === 'string' ? params.function_selector.replace(/\s/g, '') : '';
  if (selector !== '') return selectorOf(selector) + hexField(params, 'parameter');
  return hexField(params, 'data');
};

/** Parses the body of `triggersmartcontract` and `triggerconstantcontract`; throws TriggerParamsError. */
export const parseTriggerParams = (params: JsonObject): TriggerRequest => ({
  owner: requiredAddress(params, 'owner_address'),
  contract: requiredAddress(params, 'contract_address'),
  data: callData(params),
  callValue: longField(params, 'call_value'),
  callTokenValue: longField(params, 'call_token_value'),
  tokenId: longField(params, 'token_id'),
  feeLimit: longField(params, 'fee_limit'),
  permissionId: longField(params, 'Permission_id'),
});

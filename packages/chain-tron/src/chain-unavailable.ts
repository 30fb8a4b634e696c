import { type DomainError, domainError } from '@trx-shop/domain';
import { MalformedReplyError, nodeErrorText } from './node-replies.js';

/**
 * Text for a failed node call. Only the error's code and message are kept: axios errors also carry
 * the request config, whose headers hold the API key, so the error object itself never travels on.
 */
export const describeNodeFailure = (error: unknown): string => {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && !error.message.includes(code)
      ? `${code}: ${error.message}`
      : error.message;
  }
  return typeof error === 'string' ? error : 'unexpected failure';
};

export const chainUnavailable = (operation: string, failure: unknown): DomainError =>
  domainError('CHAIN_UNAVAILABLE', `TRON node could not ${operation}: ${describeNodeFailure(failure)}`);

/**
 * Runs one read against the node. Transport failures, `{"Error": ...}` answers and replies we
 * cannot parse all mean the chain cannot tell us the truth right now.
 */
export const readFromNode = async <T>(
  operation: string,
  call: () => Promise<unknown>,
  parse: (reply: unknown) => T,
): Promise<T> => {
  let reply: unknown;
  try {
    reply = await call();
  } catch (error) {
    throw chainUnavailable(operation, error);
  }
  const nodeError = nodeErrorText(reply);
  if (nodeError !== undefined) throw chainUnavailable(operation, nodeError);
  try {
    return parse(reply);
  } catch (error) {
    if (error instanceof MalformedReplyError) throw chainUnavailable(operation, error);
    throw error;
  }
};

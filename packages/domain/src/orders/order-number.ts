import { domainError, type ValidationError } from '../errors/domain-error.js';
import { err, ok, type Result } from '../shared/result.js';

/** Orders are numbered `#TRX-<n>`, n counting from 1 in creation order. */
const ORDER_NUMBER = /^#TRX-([1-9]\d*)$/;

export const formatOrderNumber = (sequence: number): string => {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw domainError('INTERNAL_ERROR', `order sequence must be a positive integer, got ${sequence}`);
  }
  return `#TRX-${sequence}`;
};

export const parseOrderNumber = (text: string): Result<number, ValidationError> => {
  const match = ORDER_NUMBER.exec(text);
  const sequence = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(sequence)) {
    return err(domainError('VALIDATION_ERROR', `not an order number: ${JSON.stringify(text)}`));
  }
  return ok(sequence);
};

import { isShopApiError } from '@trx-shop/client';
import { formatTrx } from '../../../../shared/format/money.js';
import type { WithdrawalErrors, WithdrawalField } from './withdrawal-input.js';

const FIELD_OF_DETAIL: Readonly<Record<string, WithdrawalField>> = {
  toAddress: 'toAddress',
  to: 'toAddress',
  amount: 'amount',
  code: 'code',
};

/**
 * The API's refusal beside the field it concerns (its code and message), or null when it concerns
 * no field and is shown above the form instead.
 */
export const withdrawalErrorsOf = (error: unknown): WithdrawalErrors | null => {
  if (!isShopApiError(error)) return null;
  const said = `${error.code}: ${error.body.error}`;
  switch (error.code) {
    case 'INVALID_ADDRESS':
      return { toAddress: said };
    case 'INVALID_TWO_FACTOR_CODE':
    case 'TWO_FACTOR_REQUIRED':
      return { code: said };
    case 'INSUFFICIENT_BALANCE': {
      const { userBalance, requiredAmount, estimatedFee } = error.body;
      const numbers =
        userBalance !== undefined && requiredAmount !== undefined && estimatedFee !== undefined
          ? ` You can spend ${formatTrx(userBalance)}; this withdrawal needs ${formatTrx(requiredAmount)} (the amount plus a network fee of ${formatTrx(estimatedFee)}).`
          : '';
      return { amount: `${said}.${numbers}` };
    }
    case 'VALIDATION_ERROR': {
      const errors: WithdrawalErrors = {};
      for (const detail of error.details ?? []) {
        const field = FIELD_OF_DETAIL[detail.field];
        if (field) errors[field] = `${error.code}: ${detail.message}`;
      }
      return Object.keys(errors).length > 0 ? errors : null;
    }
    default:
      return null;
  }
};

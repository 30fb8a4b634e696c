/** What the shopper typed into the withdrawal form. */
export interface WithdrawalDraft {
  readonly toAddress: string;
  readonly amount: string;
  readonly code: string;
}

/** A withdrawal ready to be estimated and sent: the address and amount as the API reads them. */
export interface Withdrawal {
  readonly toAddress: string;
  /** TRX as decimal text, sent as text so no float ever rounds it. */
  readonly amount: string;
  /** The authenticator's code; null when the account has no 2FA. */
  readonly code: string | null;
}

export type WithdrawalField = keyof WithdrawalDraft;
export type WithdrawalErrors = Partial<Record<WithdrawalField, string>>;

/** The API's patterns (SendFromWalletRequest), checked here so a typo is named before anything is asked. */
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const TRX_AMOUNT = /^(?:(?!0(?:\.0{1,6})?$)(?:0|[1-9][0-9]{0,8})(?:\.[0-9]{1,6})?|1000000000(?:\.0{1,6})?)$/;
const TOTP_CODE = /^\d{6}$/;

export const checkWithdrawal = (
  draft: WithdrawalDraft,
  twoFactorEnabled: boolean,
): { ok: true; value: Withdrawal } | { ok: false; errors: WithdrawalErrors } => {
  const toAddress = draft.toAddress.trim();
  const amount = draft.amount.trim();
  const code = draft.code.trim();
  const errors: WithdrawalErrors = {};
  if (!TRON_ADDRESS.test(toAddress)) errors.toAddress = 'A TRON address: T followed by 33 letters and digits';
  if (!TRX_AMOUNT.test(amount))
    errors.amount = 'An amount of TRX above 0, with at most 6 decimals (for example 12.5)';
  if (twoFactorEnabled && !TOTP_CODE.test(code)) errors.code = 'The 6-digit code from your authenticator app';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { toAddress, amount, code: twoFactorEnabled ? code : null } };
};

/**
 * What makes two sends the same withdrawal for the API's Idempotency-Key (recipient and amount;
 * the 2FA code is not part of it), so a retry of the same attempt can reuse its key.
 */
export const attemptOf = (withdrawal: Withdrawal): string => `${withdrawal.toAddress} ${withdrawal.amount}`;

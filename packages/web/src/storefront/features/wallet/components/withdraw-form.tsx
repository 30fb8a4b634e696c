import { type FormEvent, useRef, useState } from 'react';
import { formatTrx } from '../../../../shared/format/money.js';
import { CopyField } from '../../../../shared/ui/copy-field.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Field } from '../../../../shared/ui/field.js';
import { Loading } from '../../../../shared/ui/status.js';
import { useFeeEstimate } from '../api/fee-estimate.js';
import { useWithdraw } from '../api/withdraw.js';
import { type AttemptKey, keyForAttempt } from '../utils/attempt-key.js';
import { withdrawalErrorsOf } from '../utils/withdrawal-errors.js';
import {
  attemptOf,
  checkWithdrawal,
  type Withdrawal,
  type WithdrawalDraft,
  type WithdrawalErrors,
  type WithdrawalField,
} from '../utils/withdrawal-input.js';
import { WithdrawConfirm } from './withdraw-confirm.js';

const EMPTY: WithdrawalDraft = { toAddress: '', amount: '', code: '' };

/**
 * A withdrawal in three steps: the form checks what was typed, the API estimates the fee (and any
 * shortfall), a confirmation names amount, address and fee; only then is it sent, with one
 * Idempotency-Key per attempt so a double click or a retry after a lost answer sends it once.
 */
export const WithdrawForm = ({ twoFactorEnabled }: { twoFactorEnabled: boolean }) => {
  const [draft, setDraft] = useState<WithdrawalDraft>(EMPTY);
  const [checkErrors, setCheckErrors] = useState<WithdrawalErrors>({});
  const [review, setReview] = useState<Withdrawal | null>(null);
  const [attemptKey, setAttemptKey] = useState<AttemptKey | null>(null);
  // The dialog's button is disabled while sending, but two clicks can land before React repaints.
  const sending = useRef(false);
  const estimate = useFeeEstimate(review);
  const withdraw = useWithdraw();

  const edit = (field: WithdrawalField) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [field]: event.target.value });
    setCheckErrors({ ...checkErrors, [field]: undefined });
    setReview(null);
    withdraw.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWithdrawal(draft, twoFactorEnabled);
    if (!checked.ok) {
      setCheckErrors(checked.errors);
      return;
    }
    setCheckErrors({});
    withdraw.reset();
    setAttemptKey(keyForAttempt(attemptKey, attemptOf(checked.value)));
    if (review !== null) void estimate.refetch();
    setReview(checked.value);
  };

  const confirm = () => {
    if (sending.current || review === null || attemptKey === null) return;
    sending.current = true;
    withdraw.mutate(
      { withdrawal: review, idempotencyKey: attemptKey.key },
      {
        onSuccess: () => {
          setDraft(EMPTY);
          setAttemptKey(null);
        },
        onSettled: () => {
          sending.current = false;
          setReview(null);
        },
      },
    );
  };

  const estimated = review !== null && estimate.isSuccess && !estimate.isFetching ? estimate.data : null;
  const short = estimated !== null && estimated.shortfall > 0 ? estimated : null;
  const estimateError = review !== null && estimate.isError ? estimate.error : null;
  const estimateFieldErrors = estimateError === null ? null : withdrawalErrorsOf(estimateError);
  const sendFieldErrors = withdraw.isError ? withdrawalErrorsOf(withdraw.error) : null;
  const errors: WithdrawalErrors = {
    ...estimateFieldErrors,
    ...sendFieldErrors,
    ...(short && {
      amount: `Your wallet is ${formatTrx(short.shortfall)} short: this withdrawal needs ${formatTrx(short.requiredAmount)} (the amount plus a network fee of ${formatTrx(short.estimatedFee)}) and you can spend ${formatTrx(short.spendable)}.`,
    }),
    ...Object.fromEntries(Object.entries(checkErrors).filter(([, message]) => message !== undefined)),
  };

  return (
    <section className="card stack" aria-labelledby="wallet-withdraw-title">
      <h2 id="wallet-withdraw-title">Withdraw</h2>
      <form className="stack" noValidate onSubmit={submit}>
        <Field
          label="Recipient address"
          value={draft.toAddress}
          onChange={edit('toAddress')}
          error={errors.toAddress}
          hint="The TRON address to send to (starts with T)"
          autoComplete="off"
          spellCheck={false}
        />
        <Field
          label="Amount (TRX)"
          value={draft.amount}
          onChange={edit('amount')}
          error={errors.amount}
          inputMode="decimal"
          autoComplete="off"
        />
        {twoFactorEnabled && (
          <Field
            label="Authenticator code"
            value={draft.code}
            onChange={edit('code')}
            error={errors.code}
            hint="Your account has two-factor authentication on: the 6-digit code from your app"
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        )}
        {estimateError !== null && estimateFieldErrors === null && (
          <ErrorNotice error={estimateError} title="The network fee could not be estimated" />
        )}
        {withdraw.isError && sendFieldErrors === null && (
          <ErrorNotice error={withdraw.error} title="The withdrawal was not confirmed" />
        )}
        {withdraw.isError && sendFieldErrors === null && (
          <p className="muted">Review and send it again: the same withdrawal is never sent twice.</p>
        )}
        {review !== null && estimate.isFetching && <Loading label="Estimating the network fee" />}
        <div>
          <button type="submit" className="primary" disabled={review !== null && estimate.isFetching}>
            Review withdrawal
          </button>
        </div>
      </form>
      {withdraw.isSuccess && (
        <div role="status" className="notice notice-ok stack">
          <strong>
            {formatTrx(withdraw.data.transaction.amount)} sent to {withdraw.data.transaction.to}
          </strong>
          <p>{withdraw.data.message}</p>
          <CopyField label="Transaction ID" value={withdraw.data.transaction.hash} />
        </div>
      )}
      <WithdrawConfirm
        estimate={short === null ? estimated : null}
        busy={withdraw.isPending}
        onConfirm={confirm}
        onCancel={() => setReview(null)}
      />
    </section>
  );
};

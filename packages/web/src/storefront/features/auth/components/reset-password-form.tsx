import { isShopApiError } from '@trx-shop/client';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/account/utils/account-input.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Field } from '../../../../shared/ui/field.js';
import { useResetPassword } from '../api/password-reset.js';
import { checkPasswords, fieldErrorsOfRefusal, type PasswordErrors } from '../utils/register-input.js';

/** A link that can no longer be used: sending the form again would not help, a new link would. */
const DeadLink = ({ error }: { error: unknown }) => (
  <div className="stack">
    <ErrorNotice error={error} title="This link no longer works" />
    <p>
      This link was used, replaced by a newer one, or expired: ask for a new one.{' '}
      <Link href="/forgot-password">Get a new link</Link>
    </p>
  </div>
);

/**
 * The new password twice, by the registration's rules, sent with the mailed token; on success the
 * API has signed out every device, so the shopper is sent on to sign in.
 */
export const ResetPasswordForm = ({ token }: { token: string }) => {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [checkErrors, setCheckErrors] = useState<PasswordErrors>({});
  const refused = fieldErrorsOfRefusal(reset.error);
  const errors: PasswordErrors = {
    password: checkErrors.password ?? refused.password,
    passwordConfirm: checkErrors.passwordConfirm ?? refused.passwordConfirm,
  };

  if (reset.isSuccess) {
    return (
      <div className="card stack">
        <p role="status" className="notice notice-ok">
          Your password was changed; every device was signed out.
        </p>
        <p>
          <Link href="/sign-in">Sign in with your new password</Link>
        </p>
      </div>
    );
  }
  if (isShopApiError(reset.error) && reset.error.code === 'INVALID_RESET_TOKEN') {
    return <DeadLink error={reset.error} />;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPasswords({ password, passwordConfirm });
    reset.reset();
    setCheckErrors(checked);
    if (!checked.password && !checked.passwordConfirm) reset.mutate({ token, password, passwordConfirm });
  };

  return (
    <form onSubmit={submit} className="card stack" aria-label="Choose a new password" noValidate>
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={1024}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        error={errors.password}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={1024}
        error={errors.passwordConfirm}
        value={passwordConfirm}
        onChange={(event) => setPasswordConfirm(event.target.value)}
      />
      {reset.isError && <ErrorNotice error={reset.error} title="The password was not changed" />}
      <button type="submit" className="primary" disabled={reset.isPending}>
        {reset.isPending ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
};

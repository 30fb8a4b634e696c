import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../ui/error-notice.js';
import { Field } from '../../ui/field.js';
import { useChangePassword } from '../api/password.js';
import { checkNewPassword, PASSWORD_MIN_LENGTH } from '../utils/account-input.js';

interface Errors {
  readonly current?: string | undefined;
  readonly next?: string | undefined;
  readonly confirm?: string | undefined;
}

/** The current password, then the new one twice; the API ends every other session on success. */
export const PasswordForm = () => {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkNewPassword(next);
    const found: Errors = {
      current: current ? undefined : 'Enter your current password',
      next: checked.ok ? undefined : checked.error,
      confirm: confirm === next ? undefined : 'The two new passwords differ',
    };
    setErrors(found);
    if (found.current || found.next || found.confirm) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
        },
      },
    );
  };

  return (
    <form className="card stack" aria-labelledby="password-title" onSubmit={submit} noValidate>
      <h2 id="password-title">Password</h2>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.current}
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={1024}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        error={errors.next}
        value={next}
        onChange={(event) => setNext(event.target.value)}
      />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm}
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
      />
      {change.isSuccess && (
        <p role="status" className="notice notice-ok">
          {change.data.message}. Every other device signed in to your account has been signed out; this one
          stays signed in.
        </p>
      )}
      {change.isError && <ErrorNotice error={change.error} title="The password was not changed" />}
      <div>
        <button type="submit" className="primary" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  );
};

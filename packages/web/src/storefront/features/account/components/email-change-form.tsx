import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Field } from '../../../../shared/ui/field.js';
import { useChangeEmail } from '../api/change-email.js';
import {
  checkEmailChange,
  type EmailChangeErrors,
  fieldErrorsOfEmailRefusal,
} from '../utils/email-change-input.js';

/**
 * A new address and the current password (so a stolen session cannot move the account's mail).
 * The API mails the new address a confirmation link and the old one a notice; the form says so.
 */
export const EmailChangeForm = ({ currentEmail }: { currentEmail: string }) => {
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [checkErrors, setCheckErrors] = useState<EmailChangeErrors>({});
  // The address the change moved away from: the profile holds the new one once it is read again.
  const [previous, setPrevious] = useState(currentEmail);
  const refused = fieldErrorsOfEmailRefusal(change.error);
  const errors = {
    email: checkErrors.email ?? refused.email,
    currentPassword: checkErrors.currentPassword ?? refused.currentPassword,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkEmailChange({ email, currentPassword }, currentEmail);
    change.reset();
    setCheckErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setPrevious(currentEmail);
    change.mutate(checked.value, {
      onSuccess: () => {
        setEmail('');
        setCurrentPassword('');
      },
    });
  };

  return (
    <form className="card stack" aria-labelledby="email-change-title" onSubmit={submit} noValidate>
      <h2 id="email-change-title">Change email address</h2>
      <p className="muted">
        Receipts, notices and password reset links go to your email address. The new one must be confirmed
        with the link we send to it.
      </p>
      <Field
        label="New email address"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        error={errors.email}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={1024}
        hint="To be sure it is you"
        error={errors.currentPassword}
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      {change.isSuccess && (
        <p role="status" className="notice notice-ok">
          We sent a confirmation link to {change.data.user.email}; your account shows it as not confirmed
          until you follow that link. {previous} was told of the change.
        </p>
      )}
      {change.isError && <ErrorNotice error={change.error} title="The email address was not changed" />}
      <div>
        <button type="submit" className="primary" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change email address'}
        </button>
      </div>
    </form>
  );
};

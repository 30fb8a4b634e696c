import { type FormEvent, useState } from 'react';
import { checkEmail } from '../../../../shared/account/utils/account-input.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Field } from '../../../../shared/ui/field.js';
import { useRequestPasswordReset } from '../api/password-reset.js';

/** What the page says after any accepted request: the same words whether the account exists or not. */
export const RESET_LINK_SENT =
  'If an account uses that address, a link is on its way; it works for 30 minutes.';

/**
 * The address to send a reset link to. Once the API has taken it, the form gives way to one
 * confirmation that never tells whether the address has an account.
 */
export const ForgotPasswordForm = () => {
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkEmail(email);
    request.reset();
    setEmailError(checked.ok ? undefined : checked.error);
    if (checked.ok) request.mutate(checked.value);
  };

  if (request.isSuccess) {
    return (
      <div className="card stack">
        <p role="status" className="notice notice-ok">
          {RESET_LINK_SENT}
        </p>
        <p className="muted">
          Look in the inbox of {request.variables} (and its spam folder). Asking again replaces the earlier
          link.
        </p>
        <div>
          <button type="button" onClick={() => request.reset()}>
            Send another link
          </button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="card stack" aria-label="Reset your password" noValidate>
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        hint="The address you sign in with"
        error={emailError}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {request.isError && <ErrorNotice error={request.error} title="No link was sent" />}
      <button type="submit" className="primary" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send me a link'}
      </button>
    </form>
  );
};

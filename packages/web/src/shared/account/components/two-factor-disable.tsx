import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { ErrorNotice } from '../../ui/error-notice.js';
import { Field } from '../../ui/field.js';
import type { TwoFactorOff, useDisableTwoFactor } from '../api/two-factor.js';
import { checkCode } from '../utils/account-input.js';

/** Turning 2FA off needs a current code and the password (the API's rule), then a confirmation. */
export const TwoFactorDisable = ({ disable }: { disable: ReturnType<typeof useDisableTwoFactor> }) => {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const [confirming, setConfirming] = useState<TwoFactorOff | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCode(code);
    setCodeError(checked.ok ? undefined : checked.error);
    setPasswordError(password ? undefined : 'Enter your current password');
    if (!checked.ok || !password) return;
    disable.reset();
    setConfirming({ code: checked.value, password });
  };

  const send = () => {
    if (!confirming) return;
    disable.mutate(confirming, { onSettled: () => setConfirming(null) });
  };

  return (
    <>
      <form className="stack" aria-label="Turn off two-factor authentication" onSubmit={submit} noValidate>
        <p>
          Two-factor authentication is <strong>on</strong>: signing in needs a code from your authenticator
          app.
        </p>
        <Field
          label="Authentication code"
          hint="The 6 digits your authenticator app shows"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={codeError}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={passwordError}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {disable.isError && (
          <ErrorNotice error={disable.error} title="Two-factor authentication is still on" />
        )}
        <div>
          <button type="submit" className="danger">
            Turn off two-factor authentication…
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title="Turn off two-factor authentication?"
        confirmLabel="Turn it off"
        busy={disable.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(null)}
      >
        <p>Signing in to this account will need only the password, until you set it up again.</p>
      </ConfirmDialog>
    </>
  );
};

import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../ui/error-notice.js';
import { Field } from '../../ui/field.js';
import { useEnableTwoFactor, type useVerifyTwoFactor } from '../api/two-factor.js';
import { checkCode } from '../utils/account-input.js';

/**
 * Two steps, as authenticator apps expect: the password gets a new secret (its QR code, and the
 * key as text for typing in), then the app's first code turns 2FA on.
 */
export const TwoFactorSetup = ({ verify }: { verify: ReturnType<typeof useVerifyTwoFactor> }) => {
  const enable = useEnableTwoFactor();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();

  const start = (event: FormEvent) => {
    event.preventDefault();
    setPasswordError(password ? undefined : 'Enter your current password');
    if (!password) return;
    verify.reset();
    enable.mutate(password, { onSuccess: () => setPassword('') });
  };

  const finish = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkCode(code);
    setCodeError(checked.ok ? undefined : checked.error);
    if (checked.ok) verify.mutate(checked.value);
  };

  if (!enable.data) {
    return (
      <form className="stack" aria-label="Set up two-factor authentication" onSubmit={start} noValidate>
        <p>
          Two-factor authentication is <strong>off</strong>. Turn it on so signing in needs a code from an
          authenticator app as well as your password.
        </p>
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={passwordError}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {enable.isError && <ErrorNotice error={enable.error} title="Two-factor setup did not start" />}
        <div>
          <button type="submit" className="primary" disabled={enable.isPending}>
            Set up two-factor authentication
          </button>
        </div>
      </form>
    );
  }

  return (
    <form className="stack" aria-label="Confirm two-factor authentication" onSubmit={finish} noValidate>
      <p>Scan this QR code with your authenticator app, then enter the code it shows.</p>
      <img
        className="account-qr"
        src={enable.data.qrCode}
        alt="QR code of your two-factor secret, for your authenticator app"
        width={200}
        height={200}
      />
      <p>
        Cannot scan? Enter this key by hand: <code className="account-secret">{enable.data.secret}</code>
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
      {verify.isError && <ErrorNotice error={verify.error} title="Two-factor authentication is still off" />}
      <div>
        <button type="submit" className="primary" disabled={verify.isPending}>
          Turn on two-factor authentication
        </button>
      </div>
    </form>
  );
};

import { isShopApiError } from '@trx-shop/client';
import { type FormEvent, useState } from 'react';
import { useSignIn } from '../api/session.js';
import { ErrorNotice } from '../ui/error-notice.js';
import { Field } from '../ui/field.js';

/**
 * Email and password, then the authenticator's code when the account has 2FA on. Both apps use
 * it; each follows the signed-in account itself (`useCurrentUser`), which a success refreshes.
 */
export const SignInForm = () => {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeAsked, setCodeAsked] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { email, password, code: codeAsked ? code : undefined },
      {
        onError: (error) => {
          if (isShopApiError(error) && error.code === 'TWO_FACTOR_REQUIRED') setCodeAsked(true);
        },
      },
    );
  };
  const askingForCode = isShopApiError(signIn.error) && signIn.error.code === 'TWO_FACTOR_REQUIRED';

  return (
    <form onSubmit={submit} className="card stack" aria-label="Sign in">
      <Field
        label="Email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {codeAsked && (
        <Field
          label="Authentication code"
          hint="The 6 digits your authenticator app shows"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          required
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      )}
      {signIn.error && !askingForCode && <ErrorNotice error={signIn.error} title="Sign-in failed" />}
      <button type="submit" className="primary" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : codeAsked ? 'Verify and sign in' : 'Sign in'}
      </button>
    </form>
  );
};

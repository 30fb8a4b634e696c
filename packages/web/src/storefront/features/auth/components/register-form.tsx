import { type FormEvent, useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/account/utils/account-input.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Field } from '../../../../shared/ui/field.js';
import { useRegister } from '../api/register.js';
import { checkRegistration, fieldErrorsOfRefusal, type RegisterErrors } from '../utils/register-input.js';

/**
 * Email, username and the password twice, each checked beside its field before sending; the
 * API's refusal goes beside the field it names too, and its code and message under the form.
 */
export const RegisterForm = () => {
  const register = useRegister();
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [checkErrors, setCheckErrors] = useState<RegisterErrors>({});
  const errors = { ...fieldErrorsOfRefusal(register.error), ...checkErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRegistration({ email, username, password, passwordConfirm });
    register.reset();
    setCheckErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) register.mutate(checked.value);
  };

  return (
    <form onSubmit={submit} className="card stack" aria-label="Create an account" noValidate>
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        hint="You sign in with it"
        error={errors.email}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Field
        label="Username"
        autoComplete="username"
        required
        maxLength={50}
        hint="3 to 50 letters, digits, dots, dashes and underscores"
        error={errors.username}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <Field
        label="Password"
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
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={1024}
        error={errors.passwordConfirm}
        value={passwordConfirm}
        onChange={(event) => setPasswordConfirm(event.target.value)}
      />
      {register.isError && <ErrorNotice error={register.error} title="The account was not created" />}
      <button type="submit" className="primary" disabled={register.isPending}>
        {register.isPending ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
};

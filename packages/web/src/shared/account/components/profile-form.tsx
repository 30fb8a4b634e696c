import type { User } from '@trx-shop/client';
import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../ui/error-notice.js';
import { Field } from '../../ui/field.js';
import type { useUpdateProfile } from '../api/profile.js';
import { checkCountry, checkPhone, checkUsername, countryName } from '../utils/account-input.js';

interface Errors {
  readonly username?: string | undefined;
  readonly phone?: string | undefined;
  readonly country?: string | undefined;
}

/**
 * Username, phone and country; the email is the sign-in name, shown here and changed (where an
 * app offers it) by a form of its own that asks for the password. The save is the page's, so its
 * outcome stays shown when the form is filled again from the profile it saved.
 */
export const ProfileForm = ({
  user,
  update,
  emailHint = 'Your sign-in name; it cannot be changed here',
}: {
  user: User;
  update: ReturnType<typeof useUpdateProfile>;
  /** Where the email is changed, if anywhere. */
  emailHint?: string;
}) => {
  const [username, setUsername] = useState(user.username);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [country, setCountry] = useState(user.country ?? '');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = {
      username: checkUsername(username),
      phone: checkPhone(phone),
      country: checkCountry(country),
    };
    setErrors({
      username: checked.username.ok ? undefined : checked.username.error,
      phone: checked.phone.ok ? undefined : checked.phone.error,
      country: checked.country.ok ? undefined : checked.country.error,
    });
    if (!checked.username.ok || !checked.phone.ok || !checked.country.ok) return;
    update.mutate({
      username: checked.username.value,
      phone: checked.phone.value,
      country: checked.country.value,
    });
  };

  return (
    <form className="card stack" aria-labelledby="profile-title" onSubmit={submit} noValidate>
      <h2 id="profile-title">Profile</h2>
      <Field label="Email" type="email" value={user.email} readOnly hint={emailHint} />
      <Field
        label="Username"
        autoComplete="username"
        required
        maxLength={50}
        error={errors.username}
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <Field
        label="Phone"
        type="tel"
        autoComplete="tel"
        maxLength={32}
        hint="Optional, like +49 30 1234567"
        error={errors.phone}
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
      />
      <Field
        label="Country"
        autoComplete="country"
        maxLength={2}
        hint={countryName(country.trim().toUpperCase()) ?? 'Optional, the two-letter code (DE, US, ...)'}
        error={errors.country}
        value={country}
        onChange={(event) => setCountry(event.target.value)}
      />
      {update.isSuccess && (
        <p role="status" className="notice notice-ok">
          {update.data.message}
        </p>
      )}
      {update.isError && <ErrorNotice error={update.error} title="The profile was not saved" />}
      <div>
        <button type="submit" className="primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save profile'}
        </button>
      </div>
    </form>
  );
};

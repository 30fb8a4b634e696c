import '../../support/dialog.js';
import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import type { components } from '@trx-shop/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AccountPage from '../../../src/storefront/features/account/routes/account-page.js';
import { renderPage } from '../render-page.js';

type Schemas = components['schemas'];
type User = Schemas['GetProfileResponse']['user'];

const PROFILE = '/api/users/profile';
const OLD = 'ann@example.com';
const NEW = 'ann@example.org';
const PASSWORD = 'correct horse battery staple';

const ann = (changes: Partial<User> = {}): User => ({
  _id: '6760c0f4a1b2c3d4e5f60701',
  email: OLD,
  username: 'ann',
  role: 'user',
  wallet: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', externalAddress: null },
  phone: null,
  country: null,
  twoFactorEnabled: false,
  isActive: true,
  emailVerified: true,
  lastLogin: '2026-03-01T09:58:00.000Z',
  createdAt: '2026-01-02T08:00:00.000Z',
  updatedAt: '2026-03-01T09:58:00.000Z',
  ...changes,
});

const startAccount = () =>
  startFakeApi(
    { method: 'GET', path: PROFILE, body: { success: true, user: ann() } },
    { method: 'GET', path: '/api/sessions', body: { success: true, sessions: [] } },
    {
      method: 'GET',
      path: '/api/users/mail-preferences',
      body: { success: true, preferences: { receipts: true } },
    },
  );

const changeForm = () => screen.findByRole('form', { name: 'Change email address' });
const emailSection = () => screen.findByRole('region', { name: 'Email address and receipts' });

const submitChange = async (email: string, password: string) => {
  const form = await changeForm();
  fireEvent.change(within(form).getByLabelText('New email address'), { target: { value: email } });
  fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: password } });
  fireEvent.click(within(form).getByRole('button', { name: 'Change email address' }));
  return form;
};

/** The message shown beside a field, or undefined while it shows none. */
const fieldError = (form: HTMLElement, label: string) => {
  const field = within(form).getByLabelText(label);
  return field.getAttribute('aria-invalid') === 'true'
    ? document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent
    : undefined;
};

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('changing the email address on the storefront account page', () => {
  it('offers labelled fields for the new address and the current password, with their autocomplete', async () => {
    startAccount();
    renderPage('/account', <AccountPage />);

    const form = await changeForm();
    const email = within(form).getByLabelText<HTMLInputElement>('New email address');
    const password = within(form).getByLabelText<HTMLInputElement>('Current password');
    expect([email.type, email.autocomplete, email.value]).toEqual(['email', 'email', '']);
    expect([password.type, password.autocomplete]).toEqual(['password', 'current-password']);
    // The profile no longer says the address cannot be changed: it points here.
    const profile = screen.getByRole('form', { name: 'Profile' });
    expect(within(profile).getByText('Your sign-in name; change it under Change email address')).toBeTruthy();
  });

  it('sends the new address (trimmed) with the password, then says a link went to it and shows it unconfirmed', async () => {
    const api = startAccount();
    api.answer({
      method: 'PUT',
      path: PROFILE,
      body: {
        success: true,
        message: 'Profile updated successfully',
        user: ann({ email: NEW, emailVerified: false, updatedAt: '2026-03-01T10:00:00.000Z' }),
      },
    });
    renderPage('/account', <AccountPage />);
    expect(within(await emailSection()).getByText('Confirmed')).toBeTruthy();
    // What the API holds once the change is made: the profile is read again after it.
    api.answer({
      method: 'GET',
      path: PROFILE,
      body: { success: true, user: ann({ email: NEW, emailVerified: false }) },
    });

    const form = await submitChange(` ${NEW} `, PASSWORD);

    const status = await within(form).findByRole('status');
    expect(status.textContent).toBe(
      `We sent a confirmation link to ${NEW}; your account shows it as not confirmed until you follow that link. ${OLD} was told of the change.`,
    );
    expect(api.requestsTo('PUT', PROFILE).map((request) => request.body)).toEqual([
      { email: NEW, currentPassword: PASSWORD },
    ]);
    const section = await emailSection();
    await waitFor(() => expect(within(section).getByText(NEW)).toBeTruthy());
    expect(within(section).getByText('Not confirmed yet')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Send the link again' })).toBeTruthy();
    // The password is not left in the form.
    expect(within(form).getByLabelText<HTMLInputElement>('Current password').value).toBe('');
    expect(within(form).getByLabelText<HTMLInputElement>('New email address').value).toBe('');
    expect(within(form).getByRole('status').textContent).toContain(NEW);
  });

  it.each([
    [
      'a malformed address',
      'ann-at-example',
      PASSWORD,
      'New email address',
      'An email address like ann@example.com',
    ],
    [
      'the address the account has',
      ' ANN@example.com ',
      PASSWORD,
      'New email address',
      'This is the address your account has now',
    ],
    ['no password', NEW, '', 'Current password', 'Enter your current password'],
  ])('refuses %s beside the field, sending nothing', async (_case, email, password, label, message) => {
    const api = startAccount();
    renderPage('/account', <AccountPage />);

    const form = await submitChange(email, password);

    await waitFor(() => expect(fieldError(form, label)).toBe(message));
    expect(api.requestsTo('PUT', PROFILE)).toEqual([]);
    expect(within(form).queryByRole('status')).toBeNull();
  });

  it.each([
    ['INVALID_CURRENT_PASSWORD', 400, 'Current password is incorrect', 'Current password'],
    ['EMAIL_TAKEN', 409, 'Email already registered', 'New email address'],
  ])(
    "places the API's %s beside its field, with the code and message under the form, and keeps the address",
    async (code, status, message, label) => {
      const api = startAccount();
      api.answer({ method: 'PUT', path: PROFILE, status, body: { success: false, code, error: message } });
      renderPage('/account', <AccountPage />);

      const form = await submitChange(NEW, 'a wrong guess');

      const alert = await within(form).findByRole('alert');
      expect(alert.textContent).toContain('The email address was not changed');
      expect(within(alert).getByText(code)).toBeTruthy();
      expect(alert.textContent).toContain(message);
      expect(fieldError(form, label)).toBe(message);
      expect(within(form).queryByRole('status')).toBeNull();
      expect(within(await emailSection()).getByText(OLD)).toBeTruthy();
      expect(api.requestsTo('PUT', PROFILE)).toHaveLength(1);
    },
  );

  it('shows a refusal no field owns (a rate limit) with its code and message', async () => {
    const api = startAccount();
    api.answer({
      method: 'PUT',
      path: PROFILE,
      status: 429,
      body: { success: false, code: 'RATE_LIMITED', error: 'Too many requests; retry in 30 s' },
    });
    renderPage('/account', <AccountPage />);

    const form = await submitChange(NEW, PASSWORD);

    const alert = await within(form).findByRole('alert');
    expect(within(alert).getByText('RATE_LIMITED')).toBeTruthy();
    expect(alert.textContent).toContain('Too many requests; retry in 30 s');
    expect(fieldError(form, 'New email address')).toBeUndefined();
    expect(fieldError(form, 'Current password')).toBeUndefined();
  });

  it('disables the button while the change is under way', async () => {
    const api = startAccount();
    let answer: (value?: unknown) => void = () => {};
    api.answer({
      method: 'PUT',
      path: PROFILE,
      until: new Promise((resolve) => {
        answer = resolve;
      }),
      body: {
        success: true,
        message: 'Profile updated successfully',
        user: ann({ email: NEW, emailVerified: false }),
      },
    });
    renderPage('/account', <AccountPage />);

    const form = await submitChange(NEW, PASSWORD);

    const busy = await within(form).findByRole('button', { name: 'Changing…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    answer();
    await within(form).findByRole('status');
    expect(
      (within(form).getByRole('button', { name: 'Change email address' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});

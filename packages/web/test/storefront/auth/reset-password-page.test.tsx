import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ResetPasswordPage from '../../../src/storefront/features/auth/routes/reset-password-page.js';
import { renderPage } from '../render-page.js';
import { signedOut } from './auth-data.js';

const RESET = '/api/auth/password/reset';
const TOKEN = 'q0V4m8yM1hQ9c3yFh2o3nW8i1R7vJt5kXy2sA6dE0bU';

const choose = (password: string, confirm: string) => {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
};

const fieldError = (label: string) => {
  const field = screen.getByLabelText(label);
  return field.getAttribute('aria-invalid') === 'true'
    ? document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent
    : undefined;
};

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('the storefront reset-password page', () => {
  it('takes the token out of the address, sends it with the new password, and sends the shopper to sign in', async () => {
    const api = startFakeApi(signedOut, {
      method: 'POST',
      path: RESET,
      body: { message: 'Password reset; sign in with the new password' },
    });
    const { history } = renderPage(`/reset-password?token=${TOKEN}`, <ResetPasswordPage />);
    expect(screen.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeTruthy();
    await waitFor(() => expect(history).toEqual(['/reset-password']));

    choose('a-new-secret-2026', 'a-new-secret-2026');

    expect((await screen.findByRole('status')).textContent).toBe(
      'Your password was changed; every device was signed out.',
    );
    expect(screen.getByRole('link', { name: 'Sign in with your new password' }).getAttribute('href')).toBe(
      '/sign-in',
    );
    expect(api.requestsTo('POST', RESET).map((request) => request.body)).toEqual([
      { token: TOKEN, password: 'a-new-secret-2026', passwordConfirm: 'a-new-secret-2026' },
    ]);
    expect(history.some((entry) => entry.includes(TOKEN))).toBe(false);
  });

  it('explains a used, replaced or expired link (INVALID_RESET_TOKEN) and links to ask for a new one', async () => {
    startFakeApi({
      method: 'POST',
      path: RESET,
      status: 400,
      body: {
        success: false,
        code: 'INVALID_RESET_TOKEN',
        error: 'This reset link is invalid or has expired',
      },
    });
    renderPage(`/reset-password?token=${TOKEN}`, <ResetPasswordPage />);

    choose('a-new-secret-2026', 'a-new-secret-2026');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('INVALID_RESET_TOKEN')).toBeTruthy();
    expect(alert.textContent).toContain('This reset link is invalid or has expired');
    expect(
      screen.getByText(/This link was used, replaced by a newer one, or expired: ask for a new one/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByRole('form', { name: 'Choose a new password' })).toBeNull();
  });

  it('checks the registration rules beside the fields and sends nothing until they hold', async () => {
    const api = startFakeApi();
    renderPage(`/reset-password?token=${TOKEN}`, <ResetPasswordPage />);
    expect(screen.getByText('At least 8 characters')).toBeTruthy();

    choose('short', 'short');
    expect(fieldError('New password')).toBe('At least 8 characters');

    choose('a-new-secret-2026', 'a-new-secret-2025');
    expect(fieldError('New password')).toBeUndefined();
    expect(fieldError('Confirm new password')).toBe('The two passwords differ');

    expect(api.requestsTo('POST', RESET)).toEqual([]);
  });

  it("shows the API's code and message for any other refusal and keeps the form", async () => {
    startFakeApi({
      method: 'POST',
      path: RESET,
      status: 429,
      body: { success: false, code: 'RATE_LIMITED', error: 'Too many requests' },
    });
    renderPage(`/reset-password?token=${TOKEN}`, <ResetPasswordPage />);

    choose('a-new-secret-2026', 'a-new-secret-2026');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('RATE_LIMITED')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Choose a new password' })).toBeTruthy();
  });

  it('without a token, offers a new link instead of a form', () => {
    startFakeApi();
    renderPage('/reset-password', <ResetPasswordPage />);

    expect(screen.queryByRole('form', { name: 'Choose a new password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});

import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import VerifyEmailPage from '../../../src/storefront/features/auth/routes/verify-email-page.js';
import { renderPage } from '../render-page.js';
import { signedInAs, signedOut } from './auth-data.js';

const VERIFY = '/api/auth/email/verify';
const RESEND = '/api/auth/email/resend';
const TOKEN = 'q0V4m8yM1hQ9c3yFh2o3nW8i1R7vJt5kXy2sA6dE0bU';

const deadLink = {
  method: 'POST',
  path: VERIFY,
  status: 400,
  body: {
    success: false,
    code: 'INVALID_VERIFICATION_TOKEN',
    error: 'This confirmation link is invalid or has expired',
  },
} as const;

// As the storefront renders: StrictMode at the root runs each effect twice on mount.
configure({ reactStrictMode: true });

const renderVerify = (path = `/verify-email?token=${TOKEN}`) => renderPage(path, <VerifyEmailPage />);

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('the storefront verify-email page', () => {
  it('sends the token once on arrival (StrictMode too), drops it from the address and says the address is confirmed', async () => {
    const api = startFakeApi(signedOut, {
      method: 'POST',
      path: VERIFY,
      body: { message: 'Email address confirmed' },
    });
    const { history } = renderVerify();
    expect(screen.getByRole('heading', { name: 'Confirm your email address', level: 1 })).toBeTruthy();

    expect((await screen.findByText('Your email address is confirmed.')).getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    expect(api.requestsTo('POST', VERIFY).map((request) => request.body)).toEqual([{ token: TOKEN }]);
    await waitFor(() => expect(history).toEqual(['/verify-email']));
    expect(history.some((entry) => entry.includes(TOKEN))).toBe(false);
  });

  it('explains a used, replaced or expired link and, signed out, links to sign in', async () => {
    startFakeApi(signedOut, deadLink);
    renderVerify();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('INVALID_VERIFICATION_TOKEN')).toBeTruthy();
    expect(alert.textContent).toContain('This confirmation link is invalid or has expired');
    expect(screen.getByText(/This link was used, replaced by a newer link, or expired/)).toBeTruthy();
    expect(
      (await screen.findByRole('link', { name: 'Sign in to get a new link' })).getAttribute('href'),
    ).toBe('/sign-in?next=%2Faccount');
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });

  it('signed in, a dead link offers "Send a new link", which mails one to the account and says where', async () => {
    const api = startFakeApi(signedInAs('ann'), deadLink, {
      method: 'POST',
      path: RESEND,
      body: { message: 'A new confirmation link is on its way', sent: true },
    });
    renderVerify();

    fireEvent.click(await screen.findByRole('button', { name: 'Send a new link' }));

    expect((await screen.findByRole('status')).textContent).toBe('Sent to ann@example.com');
    expect(api.requestsTo('POST', RESEND)).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Sign in to get a new link' })).toBeNull();
  });

  it("shows the API's code and message when no new link is sent", async () => {
    startFakeApi(signedInAs('ann'), deadLink, {
      method: 'POST',
      path: RESEND,
      status: 429,
      body: { success: false, code: 'RATE_LIMITED', error: 'Too many requests' },
    });
    renderVerify();

    fireEvent.click(await screen.findByRole('button', { name: 'Send a new link' }));

    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const refusal = screen.getAllByRole('alert')[1];
    expect(refusal?.textContent).toContain('No link was sent');
    expect(within(refusal as HTMLElement).getByText('RATE_LIMITED')).toBeTruthy();
  });

  it("shows any other refusal's code and message, and Try again sends the same token once more", async () => {
    const api = startFakeApi(signedOut, {
      method: 'POST',
      path: VERIFY,
      status: 429,
      body: { success: false, code: 'RATE_LIMITED', error: 'Too many requests' },
    });
    renderVerify();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('RATE_LIMITED')).toBeTruthy();
    expect(alert.textContent).toContain('Your email address was not confirmed');

    api.answer({ method: 'POST', path: VERIFY, body: { message: 'Email address confirmed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Your email address is confirmed.')).toBeTruthy();
    expect(api.requestsTo('POST', VERIFY).map((request) => request.body)).toEqual([
      { token: TOKEN },
      { token: TOKEN },
    ]);
  });

  it('without a token, confirms nothing and points to the account page for a new link', () => {
    startFakeApi(signedOut);
    renderVerify('/verify-email');

    expect(screen.getByRole('link', { name: 'your account page' }).getAttribute('href')).toBe('/account');
    expect(screen.queryByText(/Confirming your email address/)).toBeNull();
  });
});

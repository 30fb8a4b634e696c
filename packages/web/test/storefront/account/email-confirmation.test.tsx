import '../../support/dialog.js';
import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import type { components } from '@trx-shop/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AccountPage from '../../../src/storefront/features/account/routes/account-page.js';
import { renderPage } from '../render-page.js';

type Schemas = components['schemas'];

const PROFILE = '/api/users/profile';
const RESEND = '/api/auth/email/resend';
const SEND_AGAIN = 'Send the link again';

const aShopper = (emailVerified: boolean): Schemas['GetProfileResponse'] => ({
  success: true,
  user: {
    _id: '6760c0f4a1b2c3d4e5f60701',
    email: 'ann@example.com',
    username: 'ann',
    role: 'user',
    wallet: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', externalAddress: null },
    phone: null,
    country: null,
    twoFactorEnabled: false,
    isActive: true,
    emailVerified,
    lastLogin: '2026-03-01T09:58:00.000Z',
    createdAt: '2026-01-02T08:00:00.000Z',
    updatedAt: '2026-03-01T09:58:00.000Z',
  },
});

const startAccount = (emailVerified: boolean) =>
  startFakeApi(
    { method: 'GET', path: PROFILE, body: aShopper(emailVerified) },
    { method: 'GET', path: '/api/sessions', body: { success: true, sessions: [] } },
    {
      method: 'GET',
      path: '/api/users/mail-preferences',
      body: { success: true, preferences: { receipts: true } },
    },
  );

const emailSection = () => screen.findByRole('region', { name: 'Email address and receipts' });

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe("the email address's confirmation on the storefront account page", () => {
  it('shows a confirmed address as Confirmed, with nothing to resend', async () => {
    startAccount(true);
    renderPage('/account', <AccountPage />);

    const section = await emailSection();
    expect(within(section).getByText('ann@example.com')).toBeTruthy();
    expect(within(section).getByText('Confirmed')).toBeTruthy();
    expect(within(section).queryByText('Not confirmed yet')).toBeNull();
    expect(within(section).queryByRole('button', { name: SEND_AGAIN })).toBeNull();
  });

  it('an unconfirmed address: "Send the link again" mails a new link and says where it went', async () => {
    const api = startAccount(false);
    api.answer({
      method: 'POST',
      path: RESEND,
      body: { message: 'A new confirmation link is on its way', sent: true },
    });
    renderPage('/account', <AccountPage />);

    const section = await emailSection();
    expect(within(section).getByText('Not confirmed yet')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: SEND_AGAIN }));

    expect((await within(section).findByText('Sent to ann@example.com')).getAttribute('role')).toBe('status');
    expect(api.requestsTo('POST', RESEND)).toHaveLength(1);
  });

  it('sent: false says "Already confirmed" and the address then shows as Confirmed', async () => {
    const api = startAccount(false);
    api.answer({
      method: 'POST',
      path: RESEND,
      body: { message: 'The address is confirmed already', sent: false },
    });
    renderPage('/account', <AccountPage />);
    const section = await emailSection();

    // Confirmed meanwhile (the link opened on another device): the API says so on the resend.
    api.answer({ method: 'GET', path: PROFILE, body: aShopper(true) });
    fireEvent.click(within(section).getByRole('button', { name: SEND_AGAIN }));

    expect((await within(section).findByText('Already confirmed')).getAttribute('role')).toBe('status');
    await waitFor(() => expect(within(section).getByText('Confirmed')).toBeTruthy());
    expect(within(section).getByText('Already confirmed').getAttribute('role')).toBe('status');
    expect(within(section).queryByRole('button', { name: SEND_AGAIN })).toBeNull();
  });

  it("shows the API's code and message when no link is sent", async () => {
    const api = startAccount(false);
    api.answer({
      method: 'POST',
      path: RESEND,
      status: 429,
      body: { success: false, code: 'RATE_LIMITED', error: 'Too many requests' },
    });
    renderPage('/account', <AccountPage />);

    const section = await emailSection();
    fireEvent.click(within(section).getByRole('button', { name: SEND_AGAIN }));

    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('No link was sent');
    expect(within(alert).getByText('RATE_LIMITED')).toBeTruthy();
    expect(alert.textContent).toContain('Too many requests');
    expect(within(section).getByText('Not confirmed yet')).toBeTruthy();
  });
});

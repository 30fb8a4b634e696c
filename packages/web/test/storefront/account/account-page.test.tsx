import '../../support/dialog.js';
import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import type { components } from '@trx-shop/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AccountPage from '../../../src/storefront/features/account/routes/account-page.js';
import { renderPage } from '../render-page.js';

type Schemas = components['schemas'];

const PROFILE = '/api/users/profile';
const CONNECT = '/api/users/wallet/connect';
const SHOP_WALLET = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
/** A real TRON address (its checksum holds), held elsewhere. */
const EXTERNAL = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

const aShopper = (externalAddress: string | null = null): Schemas['GetProfileResponse'] => ({
  success: true,
  user: {
    _id: '6760c0f4a1b2c3d4e5f60701',
    email: 'ann@example.com',
    username: 'ann',
    role: 'user',
    wallet: { address: SHOP_WALLET, externalAddress },
    phone: null,
    country: null,
    twoFactorEnabled: false,
    isActive: true,
    emailVerified: true,
    lastLogin: '2026-03-01T09:58:00.000Z',
    createdAt: '2026-01-02T08:00:00.000Z',
    updatedAt: '2026-03-01T09:58:00.000Z',
  },
});

const startAccount = () =>
  startFakeApi(
    { method: 'GET', path: PROFILE, body: aShopper() },
    { method: 'GET', path: '/api/sessions', body: { success: true, sessions: [] } },
    {
      method: 'GET',
      path: '/api/users/mail-preferences',
      body: { success: true, preferences: { receipts: true } },
    },
  );

const connectForm = () => screen.findByRole('form', { name: 'Connect an external wallet' });

const connect = async (address: string) => {
  const form = await connectForm();
  fireEvent.change(within(form).getByLabelText('External wallet address'), { target: { value: address } });
  fireEvent.click(within(form).getByRole('button', { name: 'Connect wallet' }));
  return form;
};

const fieldError = (form: HTMLElement) => {
  const field = within(form).getByLabelText(/wallet address/);
  return field.getAttribute('aria-invalid') === 'true'
    ? document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent
    : undefined;
};

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('the storefront account page', () => {
  it('shows the shop wallet address to copy, beside the profile, password, 2FA and devices', async () => {
    startAccount();
    renderPage('/account', <AccountPage />);
    await screen.findByRole('heading', { name: 'Your account', level: 1 });

    const wallets = await screen.findByRole('region', { name: 'Wallets' });
    expect(within(wallets).getByLabelText<HTMLInputElement>('Your shop wallet address').value).toBe(
      SHOP_WALLET,
    );
    expect(within(wallets).getByText(/No external wallet connected/)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Profile' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Password' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Set up two-factor authentication' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Signed-in devices' })).toBeTruthy();
  });

  it("shows the API's code and message when the profile cannot be loaded", async () => {
    startFakeApi(
      {
        method: 'GET',
        path: PROFILE,
        status: 404,
        body: { success: false, code: 'USER_NOT_FOUND', error: 'User not found' },
      },
      { method: 'GET', path: '/api/sessions', body: { success: true, sessions: [] } },
    );
    renderPage('/account', <AccountPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('USER_NOT_FOUND');
    expect(alert.textContent).toContain('User not found');
  });
});

describe('connecting an external wallet', () => {
  it('sends the address (trimmed) as walletAddress and shows it connected once the API has it', async () => {
    const api = startAccount();
    api.answer({
      method: 'POST',
      path: CONNECT,
      body: { success: true, message: 'Wallet connected successfully' },
    });
    renderPage('/account', <AccountPage />);
    await connectForm();
    api.answer({ method: 'GET', path: PROFILE, body: aShopper(EXTERNAL) });

    const form = await connect(` ${EXTERNAL} `);

    expect((await within(form).findByRole('status')).textContent).toBe('Wallet connected successfully.');
    expect(api.requestsTo('POST', CONNECT).map((request) => request.body)).toEqual([
      { walletAddress: EXTERNAL },
    ]);
    const wallets = screen.getByRole('region', { name: 'Wallets' });
    await waitFor(() =>
      expect(within(wallets).getByLabelText<HTMLInputElement>('Connected external wallet').value).toBe(
        EXTERNAL,
      ),
    );
  });

  it('refuses what is not a TRON address beside the field, sending nothing', async () => {
    const api = startAccount();
    renderPage('/account', <AccountPage />);

    const form = await connect('0x52908400098527886E0F7030069857D2E4169EE7');

    await waitFor(() => expect(fieldError(form)).toBe('A TRON address: T followed by 33 letters and digits'));
    expect(api.requestsTo('POST', CONNECT)).toEqual([]);
  });

  it('catches a mistyped address by its checksum beside the field, sending nothing', async () => {
    const api = startAccount();
    renderPage('/account', <AccountPage />);

    // The last character changed: the pattern still fits, the checksum does not.
    const form = await connect(`${EXTERNAL.slice(0, -1)}9`);

    await waitFor(() =>
      expect(fieldError(form)).toBe(
        'This is not a TRON address: a character is wrong or missing (its checksum fails)',
      ),
    );
    expect(api.requestsTo('POST', CONNECT)).toEqual([]);
  });

  it("places the API's INVALID_ADDRESS beside the field, with its code and message under the form", async () => {
    const api = startAccount();
    api.answer({
      method: 'POST',
      path: CONNECT,
      status: 400,
      body: { success: false, code: 'INVALID_ADDRESS', error: 'walletAddress is not a valid TRON address' },
    });
    renderPage('/account', <AccountPage />);

    const form = await connect(EXTERNAL);

    await waitFor(() => expect(fieldError(form)).toBe('walletAddress is not a valid TRON address'));
    const alert = within(form).getByRole('alert');
    expect(alert.textContent).toContain('INVALID_ADDRESS');
    expect(alert.textContent).toContain('walletAddress is not a valid TRON address');
    expect(api.requestsTo('POST', CONNECT)).toHaveLength(1);
  });
});

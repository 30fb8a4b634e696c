import '../../support/dialog.js';
import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { mutationsHolding } from '../../support/mutations-holding.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AccountPage from '../../../src/admin/features/account/routes/account-page.js';
import { renderPage } from '../orders/render-page.js';
import { aProfile, OTHER_SESSION, QR_PNG, sessionsAnswer } from './account-data.js';

const PROFILE = '/api/users/profile';
const SESSIONS = '/api/sessions';

/** The page with the profile and sessions answered as given. */
const startAccount = (profile = aProfile()) =>
  startFakeApi(
    { method: 'GET', path: PROFILE, body: profile },
    { method: 'GET', path: SESSIONS, body: sessionsAnswer() },
  );

const form = (name: string) => screen.findByRole('form', { name });
const section = (name: string) => screen.findByRole('region', { name });

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('your account: profile', () => {
  it('shows the email read-only and sends the username, phone and country (empty clears) as typed', async () => {
    const api = startAccount();
    const saved = aProfile({
      username: 'shopkeeper',
      phone: '+49 30 1234567',
      country: null,
      updatedAt: '2026-03-01T10:30:00.000Z',
    });
    api.answer({
      method: 'PUT',
      path: PROFILE,
      body: { ...saved, message: 'Profile updated successfully' },
    });
    renderPage('/account', <AccountPage />);
    const profile = await form('Profile');

    expect(within(profile).getByLabelText<HTMLInputElement>('Email').readOnly).toBe(true);
    expect(within(profile).getByLabelText<HTMLInputElement>('Email').value).toBe('owner@shop.example');
    fireEvent.change(within(profile).getByLabelText('Username'), { target: { value: ' shopkeeper ' } });
    fireEvent.change(within(profile).getByLabelText('Phone'), { target: { value: '+49 30 1234567' } });
    fireEvent.change(within(profile).getByLabelText('Country'), { target: { value: '' } });
    api.answer({ method: 'GET', path: PROFILE, body: saved });
    fireEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));

    // The form is filled again from the profile read after the save (the typed spaces are gone)...
    await waitFor(async () =>
      expect(within(await form('Profile')).getByLabelText<HTMLInputElement>('Username').value).toBe(
        'shopkeeper',
      ),
    );
    // ...and still says the save went through.
    expect(within(await form('Profile')).getByRole('status').textContent).toBe(
      'Profile updated successfully',
    );
    expect(api.requestsTo('PUT', PROFILE).map((request) => request.body)).toEqual([
      { username: 'shopkeeper', phone: '+49 30 1234567', country: null },
    ]);
  });

  it('refuses a short username and a malformed phone beside the fields, sending nothing', async () => {
    const api = startAccount();
    renderPage('/account', <AccountPage />);
    const profile = await form('Profile');

    fireEvent.change(within(profile).getByLabelText('Username'), { target: { value: 'ab' } });
    fireEvent.change(within(profile).getByLabelText('Phone'), { target: { value: 'call me' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));

    const username = within(profile).getByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(username.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(username.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'At least 3 characters',
    );
    expect(
      within(profile).getByText('Digits, with an optional leading +, spaces, dashes and parentheses'),
    ).toBeTruthy();
    expect(api.requestsTo('PUT', PROFILE)).toEqual([]);
  });

  it("shows the API's code and message when the username is taken", async () => {
    const api = startAccount();
    api.answer({
      method: 'PUT',
      path: PROFILE,
      status: 409,
      body: { success: false, code: 'USERNAME_TAKEN', error: 'Username already taken' },
    });
    renderPage('/account', <AccountPage />);
    const profile = await form('Profile');
    fireEvent.change(within(profile).getByLabelText('Username'), { target: { value: 'bob' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Save profile' }));

    const alert = await within(profile).findByRole('alert');
    expect(alert.textContent).toContain('USERNAME_TAKEN');
    expect(alert.textContent).toContain('Username already taken');
  });
});

describe('your account: password', () => {
  it('checks the new password beside the field (8 characters, both the same) before sending', async () => {
    const api = startAccount();
    renderPage('/account', <AccountPage />);
    const password = await form('Password');
    expect(within(password).getByText('At least 8 characters')).toBeTruthy();

    fireEvent.change(within(password).getByLabelText('Current password'), {
      target: { value: 'old-password' },
    });
    fireEvent.change(within(password).getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.change(within(password).getByLabelText('Confirm new password'), {
      target: { value: 'shorter' },
    });
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));

    expect(within(password).getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(within(password).getByText('The two new passwords differ')).toBeTruthy();
    expect(api.requestsTo('PUT', '/api/users/password')).toEqual([]);
  });

  it('sends the current and new password and says every other device was signed out', async () => {
    const api = startAccount();
    api.answer({
      method: 'PUT',
      path: '/api/users/password',
      body: { success: true, message: 'Password changed successfully' },
    });
    const view = renderPage('/account', <AccountPage />);
    const password = await form('Password');

    fireEvent.change(within(password).getByLabelText('Current password'), {
      target: { value: 'old-password' },
    });
    fireEvent.change(within(password).getByLabelText('New password'), { target: { value: 'purple monkey' } });
    fireEvent.change(within(password).getByLabelText('Confirm new password'), {
      target: { value: 'purple monkey' },
    });
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));

    const done = await within(password).findByRole('status');
    expect(done.textContent).toContain('Password changed successfully');
    expect(done.textContent).toContain('Every other device signed in to your account has been signed out');
    expect(api.requestsTo('PUT', '/api/users/password').map((request) => request.body)).toEqual([
      { currentPassword: 'old-password', newPassword: 'purple monkey' },
    ]);
    // The other sessions ended: the list is read again.
    await waitFor(() => expect(api.requestsTo('GET', SESSIONS)).toHaveLength(2));
    // Leaving the page leaves neither password in the query client.
    view.unmount();
    await waitFor(() => expect(mutationsHolding(view.queryClient, 'purple monkey')).toEqual([]));
    expect(mutationsHolding(view.queryClient, 'old-password')).toEqual([]);
  });

  it("shows the API's INVALID_CURRENT_PASSWORD and its message", async () => {
    const api = startAccount();
    api.answer({
      method: 'PUT',
      path: '/api/users/password',
      status: 400,
      body: { success: false, code: 'INVALID_CURRENT_PASSWORD', error: 'Current password is incorrect' },
    });
    renderPage('/account', <AccountPage />);
    const password = await form('Password');
    fireEvent.change(within(password).getByLabelText('Current password'), { target: { value: 'wrong' } });
    fireEvent.change(within(password).getByLabelText('New password'), { target: { value: 'purple monkey' } });
    fireEvent.change(within(password).getByLabelText('Confirm new password'), {
      target: { value: 'purple monkey' },
    });
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));

    const alert = await within(password).findByRole('alert');
    expect(alert.textContent).toContain('INVALID_CURRENT_PASSWORD');
    expect(alert.textContent).toContain('Current password is incorrect');
  });
});

describe('your account: two-factor authentication', () => {
  it('enable with the password shows the QR image and the secret; the code typed then turns it on', async () => {
    const api = startAccount();
    api.answer(
      {
        method: 'POST',
        path: '/api/security/2fa/enable',
        body: {
          success: true,
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl:
            'otpauth://totp/TRX%20Shop:owner%40shop.example?secret=JBSWY3DPEHPK3PXP&issuer=TRX%20Shop',
          qrCode: QR_PNG,
        },
      },
      {
        method: 'POST',
        path: '/api/security/2fa/verify',
        body: { success: true, message: 'Two-factor authentication enabled' },
      },
    );
    renderPage('/account', <AccountPage />);
    const setup = await form('Set up two-factor authentication');

    fireEvent.click(within(setup).getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(within(setup).getByText('Enter your current password')).toBeTruthy();
    expect(api.requestsTo('POST', '/api/security/2fa/enable')).toEqual([]);
    fireEvent.change(within(setup).getByLabelText('Current password'), {
      target: { value: 'owner-password' },
    });
    fireEvent.click(within(setup).getByRole('button', { name: 'Set up two-factor authentication' }));

    const confirm = await form('Confirm two-factor authentication');
    const qr = within(confirm).getByRole<HTMLImageElement>('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe(QR_PNG);
    expect(within(confirm).getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(api.requestsTo('POST', '/api/security/2fa/enable').map((request) => request.body)).toEqual([
      { password: 'owner-password' },
    ]);

    fireEvent.change(within(confirm).getByLabelText('Authentication code'), { target: { value: '12345' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(within(confirm).getByText('The 6 digits your authenticator app shows').className).toBe(
      'field-error',
    );
    expect(api.requestsTo('POST', '/api/security/2fa/verify')).toEqual([]);

    api.answer({ method: 'GET', path: PROFILE, body: aProfile({ twoFactorEnabled: true }) });
    fireEvent.change(within(confirm).getByLabelText('Authentication code'), { target: { value: '492 039' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Turn on two-factor authentication' }));

    const twoFactor = await section('Two-factor authentication');
    expect((await within(twoFactor).findByRole('status')).textContent).toContain(
      'Two-factor authentication enabled',
    );
    expect(api.requestsTo('POST', '/api/security/2fa/verify').map((request) => request.body)).toEqual([
      { code: '492039' },
    ]);
    expect(await form('Turn off two-factor authentication')).toBeTruthy();
  });

  it('forgets the new secret and the password once the page is left before confirming', async () => {
    const api = startAccount();
    api.answer({
      method: 'POST',
      path: '/api/security/2fa/enable',
      body: { success: true, secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: QR_PNG },
    });
    const view = renderPage('/account', <AccountPage />);
    const setup = await form('Set up two-factor authentication');
    fireEvent.change(within(setup).getByLabelText('Current password'), {
      target: { value: 'owner-password' },
    });
    fireEvent.click(within(setup).getByRole('button', { name: 'Set up two-factor authentication' }));
    await form('Confirm two-factor authentication');
    expect(mutationsHolding(view.queryClient, 'JBSWY3DPEHPK3PXP')).toHaveLength(1);

    view.unmount();
    await waitFor(() => expect(mutationsHolding(view.queryClient, 'JBSWY3DPEHPK3PXP')).toEqual([]));
    expect(mutationsHolding(view.queryClient, 'owner-password')).toEqual([]);
  });

  it("shows the API's code and message when the verify code is wrong", async () => {
    const api = startAccount();
    api.answer(
      {
        method: 'POST',
        path: '/api/security/2fa/enable',
        body: { success: true, secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: QR_PNG },
      },
      {
        method: 'POST',
        path: '/api/security/2fa/verify',
        status: 400,
        body: {
          success: false,
          code: 'INVALID_TWO_FACTOR_CODE',
          error: 'Invalid two-factor authentication code',
        },
      },
    );
    renderPage('/account', <AccountPage />);
    const setup = await form('Set up two-factor authentication');
    fireEvent.change(within(setup).getByLabelText('Current password'), {
      target: { value: 'owner-password' },
    });
    fireEvent.click(within(setup).getByRole('button', { name: 'Set up two-factor authentication' }));
    const confirm = await form('Confirm two-factor authentication');
    fireEvent.change(within(confirm).getByLabelText('Authentication code'), { target: { value: '000000' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Turn on two-factor authentication' }));

    const alert = await within(confirm).findByRole('alert');
    expect(alert.textContent).toContain('INVALID_TWO_FACTOR_CODE');
    expect(alert.textContent).toContain('Invalid two-factor authentication code');
  });

  it('disabling asks for a code and the password, confirms, then sends both', async () => {
    const api = startAccount(aProfile({ twoFactorEnabled: true }));
    api.answer({
      method: 'POST',
      path: '/api/security/2fa/disable',
      body: { success: true, message: 'Two-factor authentication disabled' },
    });
    renderPage('/account', <AccountPage />);
    const off = await form('Turn off two-factor authentication');

    fireEvent.change(within(off).getByLabelText('Authentication code'), { target: { value: '492039' } });
    fireEvent.change(within(off).getByLabelText('Current password'), { target: { value: 'owner-password' } });
    fireEvent.click(within(off).getByRole('button', { name: 'Turn off two-factor authentication…' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn off two-factor authentication?' });
    expect(api.requestsTo('POST', '/api/security/2fa/disable')).toEqual([]);

    api.answer({ method: 'GET', path: PROFILE, body: aProfile({ twoFactorEnabled: false }) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn it off' }));

    expect(await form('Set up two-factor authentication')).toBeTruthy();
    expect(api.requestsTo('POST', '/api/security/2fa/disable').map((request) => request.body)).toEqual([
      { code: '492039', password: 'owner-password' },
    ]);
  });
});

describe('your account: signed-in devices', () => {
  it('lists each session with device, IP and "This device" for the current one, which offers no sign-out', async () => {
    startAccount();
    renderPage('/account', <AccountPage />);
    const table = await screen.findByRole('table', { name: 'Sessions' });
    const [, current, other] = within(table).getAllByRole('row');
    if (!current || !other) throw new Error('expected two sessions');

    expect(within(current).getByText('Chrome on Linux')).toBeTruthy();
    expect(within(current).getByText('203.0.113.7')).toBeTruthy();
    expect(within(current).getByText('This device')).toBeTruthy();
    expect(within(current).queryByRole('button')).toBeNull();
    expect(within(other).getByText('Firefox on Windows')).toBeTruthy();
    expect(within(other).getByText('198.51.100.23')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Sign out that device' })).toBeTruthy();
  });

  it('"Sign out that device" names it in a confirmation; Cancel sends nothing, confirming revokes that session', async () => {
    const api = startAccount();
    api.answer({
      method: 'DELETE',
      path: `${SESSIONS}/${OTHER_SESSION}`,
      body: { success: true, message: 'Session revoked' },
    });
    renderPage('/account', <AccountPage />);
    const table = await screen.findByRole('table', { name: 'Sessions' });

    fireEvent.click(within(table).getByRole('button', { name: 'Sign out that device' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out that device?' });
    expect(dialog.textContent).toContain('Firefox on Windows at 198.51.100.23');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog.hasAttribute('open')).toBe(false);

    fireEvent.click(within(table).getByRole('button', { name: 'Sign out that device' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Sign out that device?' })).getByRole('button', {
        name: 'Sign it out',
      }),
    );

    expect((await screen.findByText(/that device is signed out/)).textContent).toContain('Session revoked');
    expect(api.requestsTo('DELETE', /^\/api\/sessions\//).map((request) => request.url.pathname)).toEqual([
      `${SESSIONS}/${OTHER_SESSION}`,
    ]);
    await waitFor(() => expect(api.requestsTo('GET', SESSIONS)).toHaveLength(2));
  });

  it("shows the API's code and message when the profile cannot be read", async () => {
    startFakeApi(
      {
        method: 'GET',
        path: PROFILE,
        status: 401,
        body: { success: false, code: 'UNAUTHENTICATED', error: 'Authentication required' },
      },
      { method: 'GET', path: SESSIONS, body: sessionsAnswer() },
    );
    renderPage('/account', <AccountPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('UNAUTHENTICATED');
    expect(alert.textContent).toContain('Authentication required');
  });
});

import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ForgotPasswordPage from '../../../src/storefront/features/auth/routes/forgot-password-page.js';
import { renderPage } from '../render-page.js';

const FORGOT = '/api/auth/password/forgot';
const CONFIRMATION = 'If an account uses that address, a link is on its way; it works for 30 minutes.';

const ask = (email: string) => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send me a link' }));
};

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('the storefront forgot-password page', () => {
  it('sends the address and then shows only the confirmation that never tells whether the account exists', async () => {
    const api = startFakeApi({
      method: 'POST',
      path: FORGOT,
      body: { message: 'If an account uses this address, a link to reset its password is on its way' },
    });
    renderPage('/forgot-password', <ForgotPasswordPage />);
    expect(screen.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeTruthy();

    ask('  ann@example.com ');

    expect((await screen.findByRole('status')).textContent).toBe(CONFIRMATION);
    expect(screen.queryByRole('form', { name: 'Reset your password' })).toBeNull();
    expect(api.requestsTo('POST', FORGOT).map((request) => request.body)).toEqual([
      { email: 'ann@example.com' },
    ]);
  });

  it('offers the form again to send another link', async () => {
    const api = startFakeApi({ method: 'POST', path: FORGOT, body: { message: 'sent' } });
    renderPage('/forgot-password', <ForgotPasswordPage />);
    ask('ann@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Send another link' }));
    await screen.findByRole('form', { name: 'Reset your password' });

    ask('ann.other@example.com');

    expect((await screen.findByRole('status')).textContent).toBe(CONFIRMATION);
    expect(api.requestsTo('POST', FORGOT).map((request) => request.body)).toEqual([
      { email: 'ann@example.com' },
      { email: 'ann.other@example.com' },
    ]);
  });

  it("shows the API's 429 with its code and message and keeps the form", async () => {
    startFakeApi({
      method: 'POST',
      path: FORGOT,
      status: 429,
      body: { success: false, code: 'RATE_LIMITED', error: 'Too many requests, retry in 15 minutes' },
    });
    renderPage('/forgot-password', <ForgotPasswordPage />);

    ask('ann@example.com');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('RATE_LIMITED')).toBeTruthy();
    expect(alert.textContent).toContain('Too many requests, retry in 15 minutes');
    expect(screen.queryByText(CONFIRMATION)).toBeNull();
    expect(screen.getByRole('form', { name: 'Reset your password' })).toBeTruthy();
  });

  it('says beside the field when the address is not one, and sends nothing', async () => {
    const api = startFakeApi();
    renderPage('/forgot-password', <ForgotPasswordPage />);

    ask('ann.example.com');

    const field = screen.getByLabelText('Email');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'An email address like ann@example.com',
    );
    expect(api.requests).toEqual([]);
  });
});

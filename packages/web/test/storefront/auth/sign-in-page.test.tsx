import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import SignInPage from '../../../src/storefront/features/auth/routes/sign-in-page.js';
import { nextPath } from '../../../src/storefront/features/auth/utils/next-path.js';
import { renderPage } from '../render-page.js';
import { signedInAs, signedOut } from './auth-data.js';

const LOGIN = '/api/auth/login';

const fillAndSend = (email: string, password: string) => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('the storefront sign-in page', () => {
  it('signs in and goes on to the `next` path it was given', async () => {
    const api = startFakeApi(signedOut);
    const { history } = renderPage('/sign-in?next=%2Forders%2F6760c0f4a1b2c3d4e5f60799', <SignInPage />);
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    api.answer({ method: 'POST', path: LOGIN, body: { message: 'Login successful' } }, signedInAs('ann'));

    fillAndSend('ann@example.com', 'correct horse battery');

    await waitFor(() => expect(history.at(-1)).toBe('/orders/6760c0f4a1b2c3d4e5f60799'));
    expect(api.requestsTo('POST', LOGIN).map((request) => request.body)).toEqual([
      { email: 'ann@example.com', password: 'correct horse battery' },
    ]);
  });

  it('ignores an off-site `next` and goes to the catalogue', async () => {
    const api = startFakeApi(signedOut);
    const { history } = renderPage('/sign-in?next=%2F%2Fevil.example%2Fsteal', <SignInPage />);
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    api.answer({ method: 'POST', path: LOGIN, body: { message: 'Login successful' } }, signedInAs('ann'));

    fillAndSend('ann@example.com', 'correct horse battery');

    await waitFor(() => expect(history).toEqual(['/']));
  });

  it('asks for the authentication code when the API answers TWO_FACTOR_REQUIRED, then sends it with the password', async () => {
    const api = startFakeApi(signedOut, {
      method: 'POST',
      path: LOGIN,
      status: 401,
      body: { success: false, code: 'TWO_FACTOR_REQUIRED', error: '2FA code required' },
    });
    const { history } = renderPage('/sign-in', <SignInPage />);
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    expect(screen.queryByLabelText('Authentication code')).toBeNull();

    fillAndSend('ann@example.com', 'correct horse battery');
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.queryByRole('alert')).toBeNull();

    api.answer({ method: 'POST', path: LOGIN, body: { message: 'Login successful' } }, signedInAs('ann'));
    fireEvent.change(code, { target: { value: '492039' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    await waitFor(() => expect(history.at(-1)).toBe('/'));
    expect(api.requestsTo('POST', LOGIN).map((request) => request.body)).toEqual([
      { email: 'ann@example.com', password: 'correct horse battery' },
      { email: 'ann@example.com', password: 'correct horse battery', code: '492039' },
    ]);
  });

  it("shows the API's code and message when the password is wrong, and stays on the page", async () => {
    startFakeApi(signedOut, {
      method: 'POST',
      path: LOGIN,
      status: 401,
      body: { success: false, code: 'INVALID_CREDENTIALS', error: 'Invalid email or password' },
    });
    const { history } = renderPage('/sign-in?next=%2Fwallet', <SignInPage />);
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    fillAndSend('ann@example.com', 'wrong');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('INVALID_CREDENTIALS');
    expect(alert.textContent).toContain('Invalid email or password');
    expect(history).toEqual(['/sign-in?next=%2Fwallet']);
  });

  it('keeps `next` on the link to create an account', async () => {
    startFakeApi(signedOut);
    renderPage('/sign-in?next=%2Fcheckout', <SignInPage />);
    const link = await screen.findByRole('link', { name: 'Create an account' });
    expect(link.getAttribute('href')).toBe('/register?next=%2Fcheckout');
  });
});

describe('where a sign-in may lead (`next`)', () => {
  it.each([
    ['/orders/42?tab=refunds#top', '/orders/42?tab=refunds#top'],
    ['/wallet', '/wallet'],
  ])('keeps the shop path %s', (next, expected) => {
    expect(nextPath(next)).toBe(expected);
  });

  it.each([
    null,
    '',
    'orders',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\t/evil.example/x',
    'https://evil.example/x',
    'javascript:alert(1)',
  ])('turns %j into the catalogue', (next) => {
    expect(nextPath(next)).toBe('/');
  });
});

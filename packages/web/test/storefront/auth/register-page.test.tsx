import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import RegisterPage from '../../../src/storefront/features/auth/routes/register-page.js';
import { renderPage } from '../render-page.js';
import { registered, signedInAs, signedOut } from './auth-data.js';

const REGISTER = '/api/auth/register';

const fill = (values: { email: string; username: string; password: string; passwordConfirm: string }) => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: values.email } });
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: values.username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: values.password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: values.passwordConfirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
};

/** The text a field's error (or hint) says, as a screen reader announces it with the field. */
const describedBy = (label: string) => {
  const field = screen.getByLabelText(label);
  return document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
};

const ANN = {
  email: 'ann@example.com',
  username: 'ann',
  password: 'correct horse battery',
  passwordConfirm: 'correct horse battery',
};

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('the storefront register page', () => {
  it('checks every rule beside its field before sending, and sends nothing while one fails', async () => {
    const api = startFakeApi(signedOut);
    renderPage('/register', <RegisterPage />);
    await screen.findByRole('heading', { name: 'Create an account', level: 1 });

    fill({ email: 'ann@example', username: 'an', password: 'short', passwordConfirm: 'shorter' });

    for (const label of ['Email', 'Username', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(describedBy('Email')).toBe('An email address like ann@example.com');
    expect(describedBy('Username')).toBe('At least 3 characters');
    expect(describedBy('Password')).toBe('At least 8 characters');
    expect(describedBy('Confirm password')).toBe('The two passwords differ');
    expect(api.requestsTo('POST', REGISTER)).toEqual([]);
  });

  it('refuses a username with spaces and two different passwords, however long', async () => {
    const api = startFakeApi(signedOut);
    renderPage('/register', <RegisterPage />);
    await screen.findByRole('heading', { name: 'Create an account', level: 1 });

    fill({ ...ANN, username: 'ann smith', passwordConfirm: 'correct horse battery!' });

    expect(describedBy('Username')).toBe('At most 50 letters, digits, dots, dashes and underscores');
    expect(describedBy('Confirm password')).toBe('The two passwords differ');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    expect(api.requestsTo('POST', REGISTER)).toEqual([]);
  });

  it('places EMAIL_TAKEN beside the email, with the code and message under the form', async () => {
    startFakeApi(signedOut, {
      method: 'POST',
      path: REGISTER,
      status: 409,
      body: { success: false, code: 'EMAIL_TAKEN', error: 'Email already registered' },
    });
    const { history } = renderPage('/register', <RegisterPage />);
    await screen.findByRole('heading', { name: 'Create an account', level: 1 });

    fill(ANN);

    await waitFor(() => expect(describedBy('Email')).toBe('Email already registered'));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBeNull();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('EMAIL_TAKEN');
    expect(alert.textContent).toContain('Email already registered');
    expect(history).toEqual(['/register']);
  });

  it('places USERNAME_TAKEN beside the username', async () => {
    startFakeApi(signedOut, {
      method: 'POST',
      path: REGISTER,
      status: 409,
      body: { success: false, code: 'USERNAME_TAKEN', error: 'Username already taken' },
    });
    renderPage('/register', <RegisterPage />);
    await screen.findByRole('heading', { name: 'Create an account', level: 1 });
    fill(ANN);

    await waitFor(() => expect(describedBy('Username')).toBe('Username already taken'));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it("places the API's VALIDATION_ERROR details beside the fields they name", async () => {
    startFakeApi(signedOut, {
      method: 'POST',
      path: REGISTER,
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_ERROR',
        error: 'Please provide a valid email',
        details: [
          { field: 'email', message: 'Please provide a valid email' },
          { field: 'passwordConfirm', message: 'Passwords do not match' },
        ],
      },
    });
    renderPage('/register', <RegisterPage />);
    await screen.findByRole('heading', { name: 'Create an account', level: 1 });
    fill(ANN);

    await waitFor(() => expect(describedBy('Email')).toBe('Please provide a valid email'));
    expect(describedBy('Confirm password')).toBe('Passwords do not match');
    expect(screen.getByRole('alert').textContent).toContain('VALIDATION_ERROR');
  });

  it('sends the four fields (the email and username trimmed), is signed in by the answer and goes on to `next`', async () => {
    const api = startFakeApi(signedOut);
    const { history } = renderPage('/register?next=%2Fcheckout', <RegisterPage />);
    await screen.findByRole('heading', { name: 'Create an account', level: 1 });
    api.answer({ method: 'POST', path: REGISTER, status: 201, body: registered() }, signedInAs('ann'));

    fill({ ...ANN, email: ' ann@example.com ', username: ' ann ' });

    await waitFor(() => expect(history.at(-1)).toBe('/checkout'));
    expect(api.requestsTo('POST', REGISTER).map((request) => request.body)).toEqual([ANN]);
    // The answer's cookies are the session: no separate sign-in is sent.
    expect(api.requestsTo('POST', '/api/auth/login')).toEqual([]);
  });

  it('keeps `next` on the link to sign in', async () => {
    startFakeApi(signedOut);
    renderPage('/register?next=%2Fwallet', <RegisterPage />);
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/sign-in?next=%2Fwallet');
  });
});

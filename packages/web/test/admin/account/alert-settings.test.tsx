import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import type { components } from '@trx-shop/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import AccountPage from '../../../src/admin/features/account/routes/account-page.js';
import { renderPage } from '../orders/render-page.js';
import { aProfile, sessionsAnswer } from './account-data.js';

type Preferences = components['schemas']['GetMailPreferencesResponse'];

const PREFERENCES = '/api/users/mail-preferences';

const preferences = (
  alerts: Partial<NonNullable<Preferences['preferences']['alerts']>> = {},
): Preferences => ({
  success: true,
  preferences: {
    receipts: true,
    alerts: { orderPaid: true, reconciliation: true, webhookDisabled: true, lowBalance: true, ...alerts },
  },
});

const startAccount = (answer = preferences()) =>
  startFakeApi(
    { method: 'GET', path: '/api/users/profile', body: aProfile() },
    { method: 'GET', path: '/api/sessions', body: sessionsAnswer() },
    { method: 'GET', path: PREFERENCES, body: answer },
  );

const alertsSection = () => screen.findByRole('region', { name: 'Email alerts' });

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('your account: email alerts', () => {
  it('shows the four alert switches as stored', async () => {
    startAccount(preferences({ reconciliation: false }));
    renderPage('/account', <AccountPage />);
    const section = await alertsSection();
    const box = (name: string) => within(section).findByRole<HTMLInputElement>('checkbox', { name });
    expect((await box('An order is paid')).checked).toBe(true);
    expect((await box('A reconciliation run finds discrepancies')).checked).toBe(false);
    expect((await box('A webhook endpoint is disabled after failing')).checked).toBe(true);
    expect((await box("The merchant wallet's balance runs low")).checked).toBe(true);
  });

  it('turning one off sends only that alert and shows what the API stored', async () => {
    const api = startAccount();
    api.answer({ method: 'PUT', path: PREFERENCES, body: preferences({ orderPaid: false }) });
    renderPage('/account', <AccountPage />);
    const section = await alertsSection();
    const orderPaid = await within(section).findByRole<HTMLInputElement>('checkbox', {
      name: 'An order is paid',
    });
    fireEvent.click(orderPaid);

    expect((await within(section).findByRole('status')).textContent).toContain('“An order is paid” is off');
    expect(
      within(section).getByRole<HTMLInputElement>('checkbox', { name: 'An order is paid' }).checked,
    ).toBe(false);
    expect(api.requestsTo('PUT', PREFERENCES).map((request) => request.body)).toEqual([
      { alerts: { orderPaid: false } },
    ]);
  });

  it("shows the API's code and message when the switch is not saved, and the stored value stays", async () => {
    const api = startAccount();
    api.answer({
      method: 'PUT',
      path: PREFERENCES,
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_ERROR',
        error: 'body/alerts must NOT have fewer than 1 properties',
      },
    });
    renderPage('/account', <AccountPage />);
    const section = await alertsSection();
    fireEvent.click(
      await within(section).findByRole('checkbox', { name: 'A webhook endpoint is disabled after failing' }),
    );

    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('VALIDATION_ERROR');
    expect(alert.textContent).toContain('fewer than 1 properties');
    await waitFor(() =>
      expect(
        within(section).getByRole<HTMLInputElement>('checkbox', {
          name: 'A webhook endpoint is disabled after failing',
        }).checked,
      ).toBe(true),
    );
  });

  it("shows the API's code and message when the switches cannot be read", async () => {
    startFakeApi(
      { method: 'GET', path: '/api/users/profile', body: aProfile() },
      { method: 'GET', path: '/api/sessions', body: sessionsAnswer() },
      {
        method: 'GET',
        path: PREFERENCES,
        status: 403,
        body: {
          success: false,
          code: 'INSUFFICIENT_SCOPE',
          error: 'API keys cannot change mail preferences',
        },
      },
    );
    renderPage('/account', <AccountPage />);
    const alert = await within(await alertsSection()).findByRole('alert');
    expect(alert.textContent).toContain('Your email alerts could not be loaded');
    expect(alert.textContent).toContain('INSUFFICIENT_SCOPE');
    expect(alert.textContent).toContain('API keys cannot change mail preferences');
  });
});

import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailSection } from '../../../src/storefront/features/account/components/email-section.js';
import { renderPage } from '../render-page.js';

const PREFERENCES = '/api/users/mail-preferences';
const RECEIPTS = 'Email me receipts (orders, refunds, deposits, withdrawals)';

const preferences = (receipts: boolean) => ({ success: true, preferences: { receipts } });

const receiptsBox = () => screen.findByRole<HTMLInputElement>('checkbox', { name: RECEIPTS });

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('the receipts switch on the storefront account page', () => {
  it('shows the stored choice and says security notices are always sent', async () => {
    startFakeApi({ method: 'GET', path: PREFERENCES, body: preferences(false) });
    renderPage('/account', <EmailSection email="ann@example.com" verified />);

    expect((await receiptsBox()).checked).toBe(false);
    const section = screen.getByRole('region', { name: 'Email address and receipts' });
    expect(within(section).getByText(/Security notices .* are always sent/)).toBeTruthy();
  });

  it('turning receipts off sends receipts: false and shows what the API stored', async () => {
    let release: () => void = () => undefined;
    const api = startFakeApi(
      { method: 'GET', path: PREFERENCES, body: preferences(true) },
      {
        method: 'PUT',
        path: PREFERENCES,
        body: preferences(false),
        until: new Promise<void>((resolve) => {
          release = resolve;
        }),
      },
    );
    renderPage('/account', <EmailSection email="ann@example.com" verified />);
    const box = await receiptsBox();
    expect(box.checked).toBe(true);

    fireEvent.click(box);

    await waitFor(() => expect(box.disabled).toBe(true));
    expect(box.checked).toBe(false);
    release();
    expect((await screen.findByRole('status')).textContent).toBe('Receipts are no longer emailed.');
    expect(box.checked).toBe(false);
    expect(box.disabled).toBe(false);
    expect(api.requestsTo('PUT', PREFERENCES).map((request) => request.body)).toEqual([{ receipts: false }]);
  });

  it("shows the API's code and message when the choice is not saved, and the stored choice again", async () => {
    startFakeApi(
      { method: 'GET', path: PREFERENCES, body: preferences(false) },
      {
        method: 'PUT',
        path: PREFERENCES,
        status: 429,
        body: { success: false, code: 'RATE_LIMITED', error: 'Too many requests' },
      },
    );
    renderPage('/account', <EmailSection email="ann@example.com" verified />);

    fireEvent.click(await receiptsBox());

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('RATE_LIMITED')).toBeTruthy();
    expect(alert.textContent).toContain('Too many requests');
    expect((await receiptsBox()).checked).toBe(false);
  });

  it("shows the API's code and message when the choice cannot be loaded", async () => {
    startFakeApi({
      method: 'GET',
      path: PREFERENCES,
      status: 403,
      body: { success: false, code: 'ACCOUNT_BLOCKED', error: 'Account is blocked' },
    });
    renderPage('/account', <EmailSection email="ann@example.com" verified />);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('ACCOUNT_BLOCKED')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { mutationsHolding } from '../../support/mutations-holding.js';
import '../../support/dialog.js';
import type { components } from '@trx-shop/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Switch } from 'wouter';
import ApiKeysPage from '../../../src/admin/features/api-keys/routes/api-keys-page.js';
import { renderPage } from '../orders/render-page.js';

type ApiKey = components['schemas']['ApiKey'];

const KEYS = '/api/admin/api-keys';
const KEY_ID = '6760c0f4a1b2c3d4e5f60720';
const SECRET_KEY = 'trx_sk_4fQ9xK2mWb7Zt0LpR3vN8cYs1dHe6uJq5aGiTkXoBwE';

const aKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  _id: KEY_ID,
  name: 'Warehouse sync',
  prefix: 'trx_sk_4fQ9xK',
  scopes: ['orders:read', 'products:write'],
  createdBy: '6760c0f4a1b2c3d4e5f60701',
  createdAt: '2026-01-15T10:00:00.000Z',
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: '2026-01-16T08:42:00.000Z',
  ...overrides,
});

const listAnswer = (apiKeys: ApiKey[]) => ({ success: true as const, apiKeys });

const form = () => screen.getByRole('form', { name: 'Create an API key' });

const openPage = async (keys: ApiKey[] = []) => {
  const api = startFakeApi({ method: 'GET', path: KEYS, body: listAnswer(keys) });
  renderPage('/api-keys', <ApiKeysPage />);
  await screen.findByRole('heading', { name: 'API keys', level: 1 });
  await screen.findByRole('form', { name: 'Create an API key' });
  return api;
};

const localDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

afterEach(() => {
  cleanup();
  stopFakeApi();
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

describe('the API keys list', () => {
  it('shows name, prefix, scopes, times (or Never) and status, offering Revoke only to keys not revoked', async () => {
    await openPage([
      aKey(),
      aKey({
        _id: '6760c0f4a1b2c3d4e5f60721',
        name: 'Old ERP',
        prefix: 'trx_sk_Zz0aaa',
        scopes: ['ledger:read'],
        lastUsedAt: null,
        revokedAt: '2026-01-20T12:00:00.000Z',
      }),
      aKey({
        _id: '6760c0f4a1b2c3d4e5f60722',
        name: 'Trial',
        prefix: 'trx_sk_Trial1',
        expiresAt: '2020-01-01T00:00:00.000Z',
      }),
    ]);

    const table = await screen.findByRole('table', { name: 'API keys' });
    const [, active, revoked, expired] = within(table).getAllByRole('row');
    if (!active || !revoked || !expired) throw new Error('expected three rows');
    expect(within(active).getByText('Warehouse sync')).toBeTruthy();
    expect(within(active).getByText('trx_sk_4fQ9xK…')).toBeTruthy();
    expect(within(active).getByText('orders:read')).toBeTruthy();
    expect(within(active).getByText('products:write')).toBeTruthy();
    expect(within(active).getByTitle('2026-01-16T08:42:00Z (UTC)')).toBeTruthy();
    expect(within(active).getByText('Never')).toBeTruthy();
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(active).getByRole('button', { name: 'Revoke Warehouse sync' })).toBeTruthy();
    expect(within(revoked).getByText('Revoked')).toBeTruthy();
    expect(within(revoked).getAllByText('Never')).toHaveLength(2);
    expect(within(revoked).queryByRole('button')).toBeNull();
    expect(within(expired).getByText('Expired')).toBeTruthy();
  });

  it('says when there is no key, and shows the API’s code and message when the list fails', async () => {
    await openPage([]);
    await screen.findByText('No API keys yet: create one below for an integration.');
    cleanup();
    startFakeApi({
      method: 'GET',
      path: KEYS,
      status: 403,
      body: { success: false, code: 'FORBIDDEN', error: 'Admins only' },
    });
    renderPage('/api-keys', <ApiKeysPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('FORBIDDEN');
    expect(alert.textContent).toContain('Admins only');
  });
});

describe('creating a key', () => {
  it('asks for a name and a scope, and refuses a past expiry day, before sending anything', async () => {
    const api = await openPage();
    fireEvent.change(within(form()).getByLabelText('Expires after (optional)'), {
      target: { value: '2020-01-01' },
    });
    fireEvent.click(within(form()).getByRole('button', { name: 'Create key' }));

    expect(within(form()).getByText('Name the key after what uses it, e.g. Warehouse sync')).toBeTruthy();
    expect(within(form()).getByText('Choose at least one scope')).toBeTruthy();
    expect(within(form()).getByText('Choose today or a later day')).toBeTruthy();
    expect(api.requestsTo('POST', KEYS)).toEqual([]);
  });

  it('sends the name, the scopes ticked and the end of the expiry day; shows the key once with Copy', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = await openPage();
    const created = aKey({ scopes: ['orders:read'], lastUsedAt: null });
    api.answer(
      { method: 'POST', path: KEYS, status: 201, body: { success: true, apiKey: created, key: SECRET_KEY } },
      { method: 'GET', path: KEYS, body: listAnswer([created]) },
    );
    const later = new Date();
    later.setDate(later.getDate() + 30);
    const day = localDay(later);

    fireEvent.change(within(form()).getByLabelText('Name'), { target: { value: ' Warehouse sync ' } });
    const scope = within(form()).getByRole('checkbox', { name: /orders:read/ });
    expect(scope.closest('label')?.textContent).toContain('Read the orders');
    fireEvent.click(scope);
    fireEvent.change(within(form()).getByLabelText('Expires after (optional)'), { target: { value: day } });
    fireEvent.click(within(form()).getByRole('button', { name: 'Create key' }));

    const box = await screen.findByRole('region', { name: 'New API key' });
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    expect(api.requestsTo('POST', KEYS).map((request) => request.body)).toEqual([
      {
        name: 'Warehouse sync',
        scopes: ['orders:read'],
        expiresAt: new Date(year, month - 1, date + 1).toISOString(),
      },
    ]);
    expect(within(box).getByText(/it will not be shown again/)).toBeTruthy();
    expect((within(box).getByLabelText('API key Warehouse sync') as HTMLInputElement).value).toBe(SECRET_KEY);
    fireEvent.click(within(box).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(within(box).getByRole('status').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith(SECRET_KEY);
    // The list read again lists the key by its prefix only.
    await within(await screen.findByRole('table', { name: 'API keys' })).findByText('trx_sk_4fQ9xK…');
    expect(within(screen.getByRole('table', { name: 'API keys' })).queryByText(SECRET_KEY)).toBeNull();
  });

  it('forgets the key once the page that received it is left: not in the page, not in the query client', async () => {
    const api = startFakeApi({ method: 'GET', path: KEYS, body: listAnswer([]) });
    const created = aKey({ scopes: ['orders:read'], lastUsedAt: null });
    api.answer(
      { method: 'POST', path: KEYS, status: 201, body: { success: true, apiKey: created, key: SECRET_KEY } },
      { method: 'GET', path: KEYS, body: listAnswer([created]) },
    );
    const { queryClient } = renderPage(
      '/api-keys',
      <>
        <Link href="/elsewhere">Leave</Link>
        <Switch>
          <Route path="/api-keys" component={ApiKeysPage} />
          <Route path="/elsewhere">
            <h1>Elsewhere</h1>
          </Route>
        </Switch>
      </>,
    );
    fireEvent.change(
      within(await screen.findByRole('form', { name: 'Create an API key' })).getByLabelText('Name'),
      {
        target: { value: 'Warehouse sync' },
      },
    );
    fireEvent.click(within(form()).getByRole('checkbox', { name: /orders:read/ }));
    fireEvent.click(within(form()).getByRole('button', { name: 'Create key' }));
    await screen.findByDisplayValue(SECRET_KEY);
    expect(mutationsHolding(queryClient, SECRET_KEY)).toHaveLength(1);

    fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'Elsewhere' });
    expect(screen.queryByDisplayValue(SECRET_KEY)).toBeNull();
    await waitFor(() => expect(mutationsHolding(queryClient, SECRET_KEY)).toEqual([]));
  });

  it('shows the API’s refusal with its code and message', async () => {
    const api = await openPage();
    api.answer({
      method: 'POST',
      path: KEYS,
      status: 400,
      body: { success: false, code: 'VALIDATION_ERROR', error: 'expiresAt must be in the future' },
    });
    fireEvent.change(within(form()).getByLabelText('Name'), { target: { value: 'Sync' } });
    fireEvent.click(within(form()).getByRole('checkbox', { name: /stats:read/ }));
    fireEvent.click(within(form()).getByRole('button', { name: 'Create key' }));

    const alert = await within(form()).findByRole('alert');
    expect(alert.textContent).toContain('VALIDATION_ERROR');
    expect(alert.textContent).toContain('expiresAt must be in the future');
    expect(screen.queryByRole('region', { name: 'New API key' })).toBeNull();
  });
});

describe('revoking a key', () => {
  it('revokes only after a confirmation naming the key and what happens, then shows it revoked', async () => {
    const api = await openPage([aKey()]);
    const revoked = aKey({ revokedAt: '2026-01-21T09:00:00.000Z' });
    api.answer(
      { method: 'DELETE', path: `${KEYS}/${KEY_ID}`, body: { success: true, apiKey: revoked } },
      { method: 'GET', path: KEYS, body: listAnswer([revoked]) },
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Warehouse sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Warehouse sync?' });
    expect(dialog.textContent).toContain('Integrations using it (trx_sk_4fQ9xK…) are refused at once.');
    expect(api.requestsTo('DELETE', `${KEYS}/${KEY_ID}`)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));

    const table = screen.getByRole('table', { name: 'API keys' });
    await within(table).findByText('Revoked');
    expect(api.requestsTo('DELETE', `${KEYS}/${KEY_ID}`)).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Warehouse sync revoked: it is refused from now on.');
  });
});

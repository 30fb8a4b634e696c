import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CustomersPage from '../../../src/admin/features/customers/routes/customers-page.js';
import { renderPage } from '../orders/render-page.js';
import { aCustomer, CUSTOMER_ID, customersAnswer, errorAnswer, WALLET } from './customers-data.js';

const CUSTOMERS = '/api/admin/customers';
const EXPORT = '/api/admin/customers/export';
const onePage = (total: number, page = 1) => ({ total, page, pages: Math.ceil(total / 20), limit: 20 });

const customerRequests = (api: ReturnType<typeof startFakeApi>) =>
  api.requestsTo('GET', CUSTOMERS).map((request) => Object.fromEntries(request.url.searchParams));

afterEach(() => {
  cleanup();
  stopFakeApi();
  vi.restoreAllMocks();
});

/** A saved blob's text: Node's Blob reads itself; jsdom's (what fetch answers under Node 24 here) needs a FileReader. */
const textOf = (blob: Blob | undefined): Promise<string> => {
  if (!blob) return Promise.reject(new Error('nothing was saved'));
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
};

describe('the customers list', () => {
  it('shows a row per customer and the figures the API gives, from one request for page 1', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: CUSTOMERS,
      body: customersAnswer(
        [
          aCustomer(),
          aCustomer({
            _id: '6760c0f4a1b2c3d4e5f60705',
            username: 'bob',
            email: 'bob@example.com',
            isActive: false,
            lastLogin: null,
            wallet: { address: null, externalAddress: null },
            totalSpent: 0,
          }),
        ],
        onePage(42),
      ),
    });
    renderPage('/customers', <CustomersPage />);

    const table = await screen.findByRole('table', { name: 'Customers' });
    const [, first, second, ...more] = within(table).getAllByRole('row');
    expect(more).toHaveLength(0);
    if (!first || !second) throw new Error('expected two rows');
    expect(within(first).getByRole('link', { name: 'ann' }).getAttribute('href')).toBe(
      `/customers/${CUSTOMER_ID}`,
    );
    expect(within(first).getByText('ann@example.com')).toBeTruthy();
    // Shortened in sight, whole on hover and for a screen reader.
    expect(within(first).getByText('TLa2f6…wYjU7')).toBeTruthy();
    expect(within(first).getByTitle(WALLET).textContent).toContain(WALLET);
    expect(within(first).getByText('1,259.98 TRX')).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(second).getByText('Blocked')).toBeTruthy();
    expect(within(second).getByText('No wallet')).toBeTruthy();
    expect(within(second).getByText('Never')).toBeTruthy();

    const figures = screen.getByLabelText('Customer figures');
    expect(within(figures).getByText('Customers').nextElementSibling?.textContent).toBe('42');
    expect(within(figures).getByText('98,765.4321 TRX')).toBeTruthy();
    expect(within(figures).getByText('Sign-ups +12.5% on the previous 30 days')).toBeTruthy();
    expect(within(figures).getByText('Spending -3.2% on the previous 30 days')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(customerRequests(api)).toEqual([{ page: '1', limit: '20' }]);
  });

  it('searches once asked (Enter), from page 1, and keeps the search in the URL', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: CUSTOMERS,
      body: customersAnswer([aCustomer()], onePage(60, 2)),
    });
    const { history } = renderPage('/customers?page=2', <CustomersPage />);
    await screen.findByRole('table', { name: 'Customers' });

    const search = screen.getByLabelText('Username or email');
    fireEvent.change(search, { target: { value: '  Ann@Example ' } });
    expect(customerRequests(api)).toHaveLength(1);
    fireEvent.submit(search);

    await waitFor(() => expect(customerRequests(api)).toHaveLength(2));
    expect(customerRequests(api)).toEqual([
      { page: '2', limit: '20' },
      { search: 'Ann@Example', page: '1', limit: '20' },
    ]);
    expect(history.at(-1)).toBe('/customers?search=Ann%40Example');
  });

  it('with a search, counts the matching customers and says the amount spent is of every customer', async () => {
    const answer = customersAnswer([aCustomer()], onePage(1));
    startFakeApi({
      method: 'GET',
      path: CUSTOMERS,
      body: { ...answer, stats: { ...answer.stats, total: 1 } },
    });
    renderPage('/customers?search=ann', <CustomersPage />);
    await screen.findByRole('table', { name: 'Customers' });

    const figures = screen.getByLabelText('Customer figures');
    expect(within(figures).getByText('Customers matching the search').nextElementSibling?.textContent).toBe(
      '1',
    );
    // The API's sign-up trend and volume are of every customer, whatever the search.
    expect(within(figures).queryByText(/Sign-ups/)).toBeNull();
    expect(within(figures).getByText('Total spent by every customer').nextElementSibling?.textContent).toBe(
      '98,765.4321 TRX',
    );
  });

  it('says so when a search matches nobody', async () => {
    startFakeApi({ method: 'GET', path: CUSTOMERS, body: customersAnswer([], onePage(0)) });
    renderPage('/customers?search=zed', <CustomersPage />);
    await screen.findByText('No customer matches this search.');
  });

  it('shows the API’s code and message when the list cannot be read', async () => {
    startFakeApi({
      method: 'GET',
      path: CUSTOMERS,
      status: 403,
      body: errorAnswer('INSUFFICIENT_SCOPE', 'This API key lacks the customers:read scope'),
    });
    renderPage('/customers', <CustomersPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('INSUFFICIENT_SCOPE');
    expect(alert.textContent).toContain('This API key lacks the customers:read scope');
  });

  it('Export CSV posts {} and saves the answer as customers.csv', async () => {
    const csv = '"id","username"\r\n"1","ann"\r\n';
    const api = startFakeApi(
      { method: 'GET', path: CUSTOMERS, body: customersAnswer([aCustomer()], onePage(1)) },
      { method: 'POST', path: EXPORT, body: csv },
    );
    const saved: { name: string; href: string }[] = [];
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      blobs.push(blob as Blob);
      return 'blob:customers';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    renderPage('/customers', <CustomersPage />);
    await screen.findByRole('table', { name: 'Customers' });

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saved).toEqual([{ name: 'customers.csv', href: 'blob:customers' }]));
    expect(api.requestsTo('POST', EXPORT).map((request) => request.body)).toEqual([{}]);
    // The fake answers JSON: the saved body is the JSON text of the CSV string, byte for byte.
    expect(await textOf(blobs[0])).toBe(JSON.stringify(csv));
  });

  it('shows the API’s code and message when the export is refused, and saves nothing', async () => {
    startFakeApi(
      { method: 'GET', path: CUSTOMERS, body: customersAnswer([aCustomer()], onePage(1)) },
      { method: 'POST', path: EXPORT, status: 429, body: errorAnswer('RATE_LIMITED', 'Too many exports') },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage('/customers', <CustomersPage />);
    await screen.findByRole('table', { name: 'Customers' });

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The customers could not be exported');
    expect(alert.textContent).toContain('RATE_LIMITED');
    expect(alert.textContent).toContain('Too many exports');
    expect(click).not.toHaveBeenCalled();
  });
});

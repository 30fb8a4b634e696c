import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import LedgerPage from '../../../src/admin/features/ledger/routes/ledger-page.js';
import { renderPage } from '../orders/render-page.js';
import {
  aMovement,
  errorAnswer,
  ledgerAnswer,
  MERCHANT,
  ORDER_ID,
  PAYMENT_TX,
  REFUND_TX,
} from './ledger-data.js';

const LEDGER = '/api/admin/ledger';
const onePage = (total: number, page = 1) => ({ total, page, pages: Math.ceil(total / 25), limit: 25 });

const ledgerRequests = (api: ReturnType<typeof startFakeApi>) =>
  api.requestsTo('GET', LEDGER).map((request) => Object.fromEntries(request.url.searchParams));

// Local midnights are asserted in a zone with a daylight-saving change inside the range.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});
afterEach(() => {
  cleanup();
  stopFakeApi();
});

const fact = (name: string) => {
  const term = screen.getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('the ledger page', () => {
  it('shows the merchant wallet, opening balance and totals, and a row per movement as the API gives them', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: LEDGER,
      body: ledgerAnswer(
        [
          aMovement({
            _id: '6760c0f4a1b2c3d4e5f60741',
            type: 'refund',
            direction: 'out',
            amount: 20.25,
            fee: 1.1,
            orderId: ORDER_ID,
            transactionHash: REFUND_TX,
            status: 'failed',
            failureReason: 'EXPIRED',
            balanceAfter: null,
          }),
          aMovement({ type: 'deposit', orderId: null, balanceAfter: 1250.6 }),
        ],
        onePage(30),
      ),
    });
    renderPage('/ledger', <LedgerPage />);

    const table = await screen.findByRole('table', { name: 'Movements' });
    expect(fact('Merchant wallet')).toBe(MERCHANT);
    expect(fact('Opening balance')).toBe('1,100 TRX');
    expect(fact('In')).toBe('150.6 TRX');
    expect(fact('Out')).toBe('20.25 TRX');
    expect(fact('Network fees')).toBe('1.1 TRX');
    expect(fact('Net (in − out − fees)')).toBe('129.25 TRX');

    const [, refund, deposit, ...more] = within(table).getAllByRole('row');
    expect(more).toHaveLength(0);
    if (!refund || !deposit) throw new Error('expected two rows');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(refund).slice(1, 6)).toEqual([
      'Refund',
      'Out',
      'Failedthe transaction expired before it was included in a block',
      '-20.25 TRXfee 1.1 TRX',
      'not known',
    ]);
    expect(within(refund).getByRole('link', { name: 'View order' }).getAttribute('href')).toBe(
      `/orders/${ORDER_ID}`,
    );
    // The hash is shortened on screen and whole in the accessible text.
    expect(within(refund).getByText(REFUND_TX)).toBeTruthy();
    expect(within(refund).getByText('aa9b3f7d…5a4b99').getAttribute('aria-hidden')).toBe('true');
    expect(cells(deposit).slice(1, 6)).toEqual(['Deposit', 'In', 'Confirmed', '150.6 TRX', '1,250.6 TRX']);
    expect(within(deposit).getByText(PAYMENT_TX)).toBeTruthy();
    expect(within(deposit).queryByRole('link')).toBeNull();

    expect(screen.getByText('30 movements')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(ledgerRequests(api)).toEqual([{ page: '1', limit: '25' }]);
  });

  it('asks the API for the chosen type and status from page 1, keeps them in the URL and the CSV link', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: LEDGER,
      body: ledgerAnswer([aMovement()], onePage(60, 2)),
    });
    const { history } = renderPage('/ledger?page=2', <LedgerPage />);
    await screen.findByRole('table', { name: 'Movements' });

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'purchase' } });
    await waitFor(() => expect(ledgerRequests(api)).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'confirmed' } });
    await waitFor(() => expect(ledgerRequests(api)).toHaveLength(3));

    expect(ledgerRequests(api)).toEqual([
      { page: '2', limit: '25' },
      { type: 'purchase', page: '1', limit: '25' },
      { type: 'purchase', status: 'confirmed', page: '1', limit: '25' },
    ]);
    expect(history.at(-1)).toBe('/ledger?type=purchase&status=confirmed');
    const csv = new URL(screen.getByRole<HTMLAnchorElement>('link', { name: 'Download CSV' }).href);
    expect(csv.pathname).toBe('/api/admin/ledger/export');
    expect(Object.fromEntries(csv.searchParams)).toEqual({ type: 'purchase', status: 'confirmed' });
  });

  it('sends From as the local midnight starting that day and To as the one ending its day, in the CSV link too', async () => {
    const api = startFakeApi({ method: 'GET', path: LEDGER, body: ledgerAnswer([aMovement()], onePage(1)) });
    const { history } = renderPage('/ledger', <LedgerPage />);
    await screen.findByRole('table', { name: 'Movements' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-08' } });

    // New York: 1 March is on EST (UTC-5); clocks go forward on 8 March, so 9 March starts on EDT (UTC-4).
    const range = { from: '2026-03-01T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' };
    await waitFor(() => expect(ledgerRequests(api).at(-1)).toEqual({ ...range, page: '1', limit: '25' }));
    expect(history.at(-1)).toBe('/ledger?from=2026-03-01&to=2026-03-08');
    const csv = new URL(screen.getByRole<HTMLAnchorElement>('link', { name: 'Download CSV' }).href);
    expect(Object.fromEntries(csv.searchParams)).toEqual(range);
  });

  it('sends the filters of a bookmarked address, shows them, and pages with Next through the API', async () => {
    const api = startFakeApi({ method: 'GET', path: LEDGER, body: ledgerAnswer([aMovement()], onePage(60)) });
    const { history } = renderPage(
      '/ledger?type=refund&status=pending&to=2026-01-05&kind=bogus',
      <LedgerPage />,
    );
    await screen.findByText('Page 1 of 3');
    expect(screen.getByLabelText<HTMLSelectElement>('Type').value).toBe('refund');
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('pending');
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe('2026-01-05');

    api.answer({ method: 'GET', path: LEDGER, body: ledgerAnswer([aMovement()], onePage(60, 2)) });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');

    expect(ledgerRequests(api)).toEqual([
      { type: 'refund', status: 'pending', to: '2026-01-06T05:00:00.000Z', page: '1', limit: '25' },
      { type: 'refund', status: 'pending', to: '2026-01-06T05:00:00.000Z', page: '2', limit: '25' },
    ]);
    expect(history.at(-1)).toBe('/ledger?type=refund&status=pending&to=2026-01-05&page=2');
  });

  it('says no movements match when the filters select none, and that there are none yet without filters', async () => {
    startFakeApi({
      method: 'GET',
      path: LEDGER,
      body: ledgerAnswer(
        [],
        { total: 0, page: 1, pages: 0, limit: 25 },
        {
          totals: { in: 0, out: 0, fees: 0, net: 0 },
        },
      ),
    });
    renderPage('/ledger?type=withdrawal', <LedgerPage />);
    expect(await screen.findByText('No movements match these filters.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText(/^No movements yet/)).toBeTruthy();
  });

  it("shows the API's code and message when the ledger is refused", async () => {
    startFakeApi({
      method: 'GET',
      path: LEDGER,
      status: 503,
      body: errorAnswer('MERCHANT_NOT_CONFIGURED', 'The merchant wallet is not configured'),
    });
    renderPage('/ledger', <LedgerPage />);

    // A 5xx is asked twice more before the page gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('MERCHANT_NOT_CONFIGURED');
    expect(alert.textContent).toContain('The merchant wallet is not configured');
  });
});

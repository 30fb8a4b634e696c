import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ReconciliationPage from '../../../src/admin/features/reconciliation/routes/reconciliation-page.js';
import { renderPage } from '../orders/render-page.js';
import { aDiscrepancy, aReport, aReportFinding, runsAnswer, TX, WALLET } from './reconciliation-data.js';

const LATEST = '/api/admin/reconciliation';
const RUNS = '/api/admin/reconciliation/runs';
const runPath = (id: string) => `/api/admin/reconciliation/runs/${id}`;
const onePage = (total: number, page = 1) => ({ total, page, pages: Math.ceil(total / 10), limit: 10 });
const NOT_RUN = {
  method: 'GET',
  path: LATEST,
  status: 404,
  body: { success: false, code: 'RECONCILIATION_NOT_RUN', error: 'No reconciliation has run yet' },
} as const;
const NO_RUNS = { method: 'GET', path: RUNS, body: runsAnswer([], onePage(0)) } as const;

afterEach(() => {
  cleanup();
  stopFakeApi();
});

const report = () => screen.getByRole('region', { name: /report/ });
const fact = (name: string) =>
  within(report()).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the reconciliation page', () => {
  it('says it never ran yet (not an error) before the first run, and lists no runs', async () => {
    startFakeApi(NOT_RUN, NO_RUNS);
    renderPage('/reconciliation', <ReconciliationPage />);

    expect(await screen.findByText(/^Never run yet/)).toBeTruthy();
    expect(await screen.findByText('No runs yet.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows what the latest run checked and that nothing was found', async () => {
    startFakeApi(
      { method: 'GET', path: LATEST, body: { success: true, report: aReport({ walletsSkipped: 2 }) } },
      NO_RUNS,
    );
    renderPage('/reconciliation', <ReconciliationPage />);

    expect(await screen.findByText('Nothing found: the ledger matches the chain.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Latest report' })).toBeTruthy();
    expect(fact('Took')).toBe('4.5 s');
    expect(fact('Blocks checked')).toBe('61,250,000 to 61,251,200');
    expect(fact('Transfers checked')).toBe('38');
    expect(fact('Ledger lines checked')).toBe('37');
    expect(fact('Wallets checked')).toBe(
      '12 (the active ones)2 wallets with a transfer in flight, checked next run',
    );
    expect(screen.queryByText(/discrepanc/)).toBeNull();
  });

  it('groups what a run found by kind, each with what it means, what to do and its rows', async () => {
    const missing = aDiscrepancy({
      kind: 'missing-from-ledger',
      txHash: 'bb'.repeat(32),
      transactionId: null,
      address: WALLET,
      field: null,
      ledger: 'absent',
      chain: null,
      detail: 'a transfer the ledger does not have',
    });
    const balance = aDiscrepancy({
      kind: 'balance',
      txHash: null,
      transactionId: null,
      address: WALLET,
      blockNumber: null,
      field: 'balance',
      ledger: '10',
      chain: '12.5',
      detail: 'the wallet holds more than the ledger explains',
    });
    startFakeApi(
      {
        method: 'GET',
        path: LATEST,
        body: { success: true, report: aReportFinding([balance, aDiscrepancy(), missing, aDiscrepancy()]) },
      },
      NO_RUNS,
    );
    renderPage('/reconciliation', <ReconciliationPage />);

    expect(await screen.findByText('4 discrepancies found.')).toBeTruthy();
    expect(screen.queryByText(/Nothing found/)).toBeNull();
    // In the order of docs/operations.md's table, the kinds not found left out.
    expect(
      within(report())
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Missing from the ledger (1)', 'Mismatch (2)', 'Wallet balance (1)']);

    const mismatch = screen.getByRole('region', { name: 'Mismatch (2)' });
    expect(
      within(mismatch).getByText(/disagrees with its transfer on the amount, sender or recipient/),
    ).toBeTruthy();
    expect(within(mismatch).getByText(/The store was edited; the chain is right\./)).toBeTruthy();
    const [, first, second, ...more] = within(mismatch).getAllByRole('row');
    expect(more).toHaveLength(0);
    if (!first || !second) throw new Error('expected two rows');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      TX,
      '6760c0f4a1b2c3d4e5f60740',
      'none',
      '61250123',
      'Amount',
      '150.6 TRX',
      '150.5 TRX',
      'the ledger and the chain disagree on the amount',
    ]);

    const missingSection = screen.getByRole('region', { name: 'Missing from the ledger (1)' });
    expect(within(missingSection).getByText(/leaked key: rotate it with pnpm keys:rotate/)).toBeTruthy();
    expect(within(missingSection).getByText(WALLET)).toBeTruthy();
    expect(within(missingSection).getByText('absent')).toBeTruthy();
    const balanceSection = screen.getByRole('region', { name: 'Wallet balance (1)' });
    expect(within(balanceSection).getByText(/opening balance \+ in − out − fees/)).toBeTruthy();
    expect(within(balanceSection).getByText('12.5 TRX')).toBeTruthy();
  });

  it('refuses a from block that is not a whole number before sending anything', async () => {
    const api = startFakeApi(NOT_RUN, NO_RUNS);
    renderPage('/reconciliation', <ReconciliationPage />);
    await screen.findByText(/^Never run yet/);

    fireEvent.change(screen.getByLabelText('From block'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run reconciliation' }));

    expect(screen.getByLabelText('From block').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Enter a block number: a whole number from 0/)).toBeTruthy();
    expect(api.requestsTo('POST', LATEST)).toHaveLength(0);
  });

  it('sends the chosen options, says "Running…" with the button disabled until the report comes, then shows it', async () => {
    let finish: (value?: unknown) => void = () => undefined;
    const api = startFakeApi(NOT_RUN, NO_RUNS, {
      method: 'POST',
      path: LATEST,
      body: { success: true, report: aReportFinding([aDiscrepancy()]) },
      until: new Promise((resolve) => {
        finish = resolve;
      }),
    });
    renderPage('/reconciliation', <ReconciliationPage />);
    await screen.findByText(/^Never run yet/);

    fireEvent.click(screen.getByLabelText(/Check every wallet's balance/));
    fireEvent.change(screen.getByLabelText('From block'), { target: { value: ' 61250000 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run reconciliation' }));

    const running = await screen.findByRole<HTMLButtonElement>('button', { name: 'Running…' });
    expect(running.disabled).toBe(true);
    await waitFor(() => expect(api.requestsTo('POST', LATEST)).toHaveLength(1));
    expect(api.requestsTo('POST', LATEST)[0]?.body).toEqual({ allWallets: true, fromBlock: 61250000 });

    // Once the run is kept, the API answers it as the latest and lists it.
    const kept = aReportFinding([aDiscrepancy()]);
    api.answer(
      { method: 'GET', path: LATEST, body: { success: true, report: kept } },
      { method: 'GET', path: RUNS, body: runsAnswer([kept], onePage(1)) },
    );
    finish();
    expect(await screen.findByText('1 discrepancy found.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Run reconciliation' }).disabled).toBe(
      false,
    );
    // The history is read again and lists the new run.
    expect(await screen.findByRole('table', { name: 'Runs' })).toBeTruthy();
  });

  it('sends no body when nothing is chosen, and shows the code and message of a run that is refused', async () => {
    const api = startFakeApi(NOT_RUN, NO_RUNS, {
      method: 'POST',
      path: LATEST,
      status: 409,
      body: { success: false, code: 'RECONCILIATION_RUNNING', error: 'Another reconciliation is running' },
    });
    renderPage('/reconciliation', <ReconciliationPage />);
    await screen.findByText(/^Never run yet/);

    fireEvent.click(screen.getByRole('button', { name: 'Run reconciliation' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('RECONCILIATION_RUNNING');
    expect(alert.textContent).toContain('Another reconciliation is running');
    expect(api.requestsTo('POST', LATEST)[0]?.body).toBeUndefined();
  });

  it('lists the runs paged by the API, and choosing one loads its report and puts it in the URL', async () => {
    const older = aReportFinding([aDiscrepancy()], {
      id: '6760c0f4a1b2c3d4e5f60771',
      startedAt: '2026-02-28T09:00:00.000Z',
      finishedAt: '2026-02-28T09:01:05.000Z',
    });
    const api = startFakeApi(
      { method: 'GET', path: LATEST, body: { success: true, report: aReport() } },
      { method: 'GET', path: RUNS, body: runsAnswer([aReport(), older], onePage(12)) },
      { method: 'GET', path: runPath(older.id), body: { success: true, report: older } },
    );
    const { history } = renderPage('/reconciliation', <ReconciliationPage />);

    const table = await screen.findByRole('table', { name: 'Runs' });
    const [, latestRow, olderRow] = within(table).getAllByRole('row');
    if (!latestRow || !olderRow) throw new Error('expected two rows');
    expect(within(latestRow).getByText('Nothing found')).toBeTruthy();
    expect(within(olderRow).getByText('1 discrepancy')).toBeTruthy();
    expect(within(olderRow).getByText('1 min 5 s')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(Object.fromEntries(api.requestsTo('GET', RUNS)[0]?.url.searchParams ?? [])).toEqual({
      page: '1',
      limit: '10',
    });

    fireEvent.click(within(olderRow).getByRole('link', { name: /View the report of the run started/ }));

    expect(await screen.findByRole('heading', { name: 'Report of a past run' })).toBeTruthy();
    expect(await screen.findByText('1 discrepancy found.')).toBeTruthy();
    expect(history.at(-1)).toBe(`/reconciliation?run=${older.id}`);
    expect(api.requestsTo('GET', runPath(older.id))).toHaveLength(1);
    expect(within(olderRow).getByText('Shown above')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.requestsTo('GET', RUNS)).toHaveLength(2));
    expect(api.requestsTo('GET', RUNS)[1]?.url.searchParams.get('page')).toBe('2');
    expect(history.at(-1)).toBe(`/reconciliation?run=${older.id}&page=2`);

    fireEvent.click(screen.getByRole('link', { name: 'Show the latest report' }));
    expect(await screen.findByText('Nothing found: the ledger matches the chain.')).toBeTruthy();
    expect(history.at(-1)).toBe('/reconciliation?page=2');
  });

  it("shows the API's code and message when a chosen run is not found", async () => {
    startFakeApi({ method: 'GET', path: LATEST, body: { success: true, report: aReport() } }, NO_RUNS, {
      method: 'GET',
      path: runPath('6760c0f4a1b2c3d4e5f60799'),
      status: 404,
      body: { success: false, code: 'RECONCILIATION_RUN_NOT_FOUND', error: 'No such reconciliation run' },
    });
    renderPage('/reconciliation?run=6760c0f4a1b2c3d4e5f60799', <ReconciliationPage />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('RECONCILIATION_RUN_NOT_FOUND');
    expect(alert.textContent).toContain('No such reconciliation run');
  });
});

import '../../support/dialog.js';
import { type FakeAnswer, startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import WalletPage from '../../../src/storefront/features/wallet/routes/wallet-page.js';
import { fakeShopperRoom } from '../../support/fake-shopper-room.js';
import { inRoom, SHOPPER_ID, signedIn } from '../checkout-data.js';
import { renderPage } from '../render-page.js';
import {
  AIRDROP_USDT,
  aTransaction,
  balanceAnswer,
  DEPOSIT_TX,
  errorAnswer,
  feeEstimateAnswer,
  ORDER_ID,
  OWN_ADDRESS,
  PAYMENT_TX,
  profileAnswer,
  RECIPIENT,
  sendAnswer,
  transactionsAnswer,
} from './wallet-data.js';

const SEND = '/api/wallets/send';
const ESTIMATE = '/api/wallets/fee-estimate';

afterEach(() => {
  cleanup();
  stopFakeApi();
});

const renderWallet = (answers: FakeAnswer[] = [], { twoFactor = false, path = '/wallet' } = {}) => {
  const api = startFakeApi(
    signedIn,
    profileAnswer(twoFactor),
    balanceAnswer(),
    transactionsAnswer([aTransaction()]),
    ...answers,
  );
  const room = fakeShopperRoom();
  return { api, room, ...renderPage(path, inRoom(room.connect, <WalletPage />)) };
};

/** What the Balance card shows for one currency's fact ("Confirmed balance", "Held by pending transfers"). */
const shownFact = async (currency: 'TRX' | 'USDT', fact: string) => {
  const card = await screen.findByRole('region', { name: 'Balance' });
  return within(within(card).getByRole('region', { name: currency })).getByText(fact).nextElementSibling
    ?.textContent;
};
const shownBalance = () => shownFact('TRX', 'Confirmed balance');

/** The text announced with a field: its error when it has one. */
const describedText = (label: string) => {
  const field = screen.getByLabelText(label);
  return document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
};

const fill = async (values: { to?: string; amount?: string; code?: string }) => {
  const to = await screen.findByLabelText('Recipient address');
  if (values.to !== undefined) fireEvent.change(to, { target: { value: values.to } });
  if (values.amount !== undefined)
    fireEvent.change(screen.getByLabelText('Amount (TRX)'), { target: { value: values.amount } });
  if (values.code !== undefined)
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: values.code } });
};

const review = () => fireEvent.click(screen.getByRole('button', { name: 'Review withdrawal' }));
const confirmDialog = () => screen.findByRole('dialog', { name: 'Send this withdrawal?' });

describe('the wallet', () => {
  it('shows the balances, the deposit address as QR code and text, and the transactions', async () => {
    renderWallet([
      balanceAnswer(987.654321, 12.5),
      transactionsAnswer(
        [
          aTransaction({
            _id: '6760c0f4a1b2c3d4e5f60741',
            type: 'purchase',
            amount: 149.79,
            status: 'pending',
            transactionHash: PAYMENT_TX,
            orderId: ORDER_ID,
          }),
          aTransaction(),
        ],
        { total: 12, page: 1, pages: 2, limit: 10 },
      ),
    ]);

    expect(await shownFact('TRX', 'Confirmed balance')).toBe('987.654321 TRX');
    expect(await shownFact('TRX', 'Held by pending transfers')).toBe('12.5 TRX');
    expect(screen.getByLabelText<HTMLInputElement>('Your deposit address').value).toBe(OWN_ADDRESS);
    expect(await screen.findByRole('img', { name: 'QR code of your deposit address' })).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Transactions' });
    const [, payment, deposit] = within(table).getAllByRole('row');
    if (!payment || !deposit) throw new Error('expected two rows');
    expect(within(payment).getByText('Payment')).toBeTruthy();
    expect(within(payment).getByText('149.79 TRX')).toBeTruthy();
    expect(within(payment).getByText('Pending')).toBeTruthy();
    expect(within(payment).getByText('4c9b3f…5a4b3c').getAttribute('title')).toBe(PAYMENT_TX);
    expect(within(payment).getByText(PAYMENT_TX)).toBeTruthy();
    expect(within(payment).getByRole('link', { name: 'View order' }).getAttribute('href')).toBe(
      `/orders/${ORDER_ID}`,
    );
    expect(within(deposit).getByText('Deposit')).toBeTruthy();
    expect(within(deposit).getByText('1,000 TRX')).toBeTruthy();
    expect(within(deposit).getByText('Confirmed')).toBeTruthy();
    expect(within(deposit).getByText(DEPOSIT_TX)).toBeTruthy();
    expect(within(deposit).queryByRole('link')).toBeNull();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
  });

  it('shows the USDT balance beside the TRX, exactly as the API gives it, with the TRX a USDT transfer burns', async () => {
    renderWallet([
      balanceAnswer(998.9, 0, { balance: 1234.567891, pendingOutgoing: 0.000001, transferFee: 27.3598 }),
    ]);

    expect(await shownFact('USDT', 'Confirmed balance')).toBe('1,234.567891 USDT');
    expect(await shownFact('USDT', 'Held by pending transfers')).toBe('0.000001 USDT');
    expect(await shownFact('TRX', 'Confirmed balance')).toBe('998.9 TRX');
    const usdt = within(screen.getByRole('region', { name: 'Balance' })).getByRole('region', {
      name: 'USDT',
    });
    expect(usdt.textContent).toContain("A USDT transfer burns about 27.3598 TRX of this wallet's TRX.");
  });

  it('shows TRX alone when the API lists no USDT (a TRX-only shop)', async () => {
    renderWallet([balanceAnswer(12.5, 0, null)]);

    expect(await shownBalance()).toBe('12.5 TRX');
    const card = screen.getByRole('region', { name: 'Balance' });
    expect(within(card).queryByRole('region', { name: 'USDT' })).toBeNull();
    expect(card.textContent).not.toContain('USDT');
  });

  it('leaves the fee hint out while the API knows no USDT fee (no merchant wallet yet)', async () => {
    renderWallet([balanceAnswer(12.5, 0, { balance: 3, transferFee: null })]);

    expect(await shownFact('USDT', 'Confirmed balance')).toBe('3 USDT');
    expect(screen.getByRole('region', { name: 'Balance' }).textContent).not.toContain('burns');
  });

  it('offers withdrawals in TRX only, whatever USDT the wallet holds', async () => {
    renderWallet([balanceAnswer(5, 0, { balance: AIRDROP_USDT })]);

    await screen.findByLabelText('Recipient address');
    expect(screen.getByLabelText('Amount (TRX)')).toBeTruthy();
    const form = screen.getByRole('button', { name: 'Review withdrawal' }).closest('form') as HTMLElement;
    expect(form.textContent).not.toContain('USDT');
  });

  it('asks the API for the page of transactions in the URL, and the next one', async () => {
    const { api, history } = renderWallet([], { path: '/wallet?page=2' });
    api.answer(transactionsAnswer([aTransaction()], { total: 30, page: 2, pages: 3, limit: 10 }));
    await screen.findByText('Page 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(history.at(-1)).toBe('/wallet?page=3'));
    await waitFor(() =>
      expect(api.requestsTo('GET', '/api/transactions').map((request) => request.url.search)).toEqual([
        '?page=2&limit=10',
        '?page=3&limit=10',
      ]),
    );
  });

  it('names what is wrong beside each field before asking the API anything', async () => {
    const { api } = renderWallet();
    await fill({ to: 'TJCnKsPa7y5okk', amount: '1.1234567' });
    review();

    expect(describedText('Recipient address')).toBe('A TRON address: T followed by 33 letters and digits');
    expect(describedText('Amount (TRX)')).toBe(
      'An amount of TRX above 0, with at most 6 decimals (for example 12.5)',
    );
    fireEvent.change(screen.getByLabelText('Amount (TRX)'), { target: { value: '0' } });
    review();
    expect(describedText('Amount (TRX)')).toBe(
      'An amount of TRX above 0, with at most 6 decimals (for example 12.5)',
    );
    expect(api.requestsTo('GET', ESTIMATE)).toHaveLength(0);
    expect(api.requestsTo('POST', SEND)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks the fee estimate for that amount and address and confirms with amount, address and fee', async () => {
    const { api } = renderWallet([feeEstimateAnswer()]);
    await fill({ to: ` ${RECIPIENT} `, amount: '12.5' });
    review();

    const dialog = await confirmDialog();
    expect(
      api.requestsTo('GET', ESTIMATE).map((request) => Object.fromEntries(request.url.searchParams)),
    ).toEqual([{ amount: '12.5', to: RECIPIENT }]);
    expect(within(dialog).getByText('Amount').nextElementSibling?.textContent).toBe('12.5 TRX');
    expect(within(dialog).getByText('To').nextElementSibling?.textContent).toBe(RECIPIENT);
    expect(within(dialog).getByText('Network fee (estimated)').nextElementSibling?.textContent).toContain(
      '1.1 TRX',
    );
    expect(within(dialog).getByText('Leaves your wallet').nextElementSibling?.textContent).toBe('13.6 TRX');
    expect(api.requestsTo('POST', SEND)).toHaveLength(0);
  });

  it('names the shortfall beside the amount and offers no confirmation when the wallet cannot cover it', async () => {
    const { api } = renderWallet([
      feeEstimateAnswer({ amount: 999.5, requiredAmount: 1000.6, spendable: 1000, shortfall: 0.6 }),
    ]);
    await fill({ to: RECIPIENT, amount: '999.5' });
    review();

    await waitFor(() => expect(describedText('Amount (TRX)')).toContain('0.6 TRX short'));
    expect(describedText('Amount (TRX)')).toContain('needs 1,000.6 TRX');
    expect(describedText('Amount (TRX)')).toContain('you can spend 1,000 TRX');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requestsTo('POST', SEND)).toHaveLength(0);
  });

  it('sends ONE request with one Idempotency-Key on a double click, then lists the new transaction', async () => {
    const { api } = renderWallet([feeEstimateAnswer(), sendAnswer()]);
    await fill({ to: RECIPIENT, amount: '12.5' });
    review();
    const dialog = await confirmDialog();
    const before = api.requestsTo('GET', '/api/transactions').length;
    api.answer(
      transactionsAnswer([
        aTransaction({ _id: 'w1', type: 'withdrawal', amount: 12.5, status: 'pending' }),
        aTransaction(),
      ]),
    );

    const send = within(dialog).getByRole('button', { name: 'Send withdrawal' });
    fireEvent.click(send);
    fireEvent.click(send);

    expect(await screen.findByText(`12.5 TRX sent to ${RECIPIENT}`)).toBeTruthy();
    const sent = api.requestsTo('POST', SEND);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ toAddress: RECIPIENT, amount: '12.5' });
    expect(sent[0]?.headers.get('idempotency-key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Transaction ID').value).toBe(PAYMENT_TX);
    // The success refetched the history: the withdrawal is listed.
    expect(await screen.findByText('Withdrawal')).toBeTruthy();
    expect(api.requestsTo('GET', '/api/transactions').length).toBeGreaterThan(before);
    expect(screen.getByLabelText<HTMLInputElement>('Amount (TRX)').value).toBe('');
  });

  it('sends the same key again when retrying after a lost answer, and a new one for a changed withdrawal', async () => {
    const lost = Promise.reject(new TypeError('Failed to fetch'));
    lost.catch(() => {});
    const { api } = renderWallet([feeEstimateAnswer(), { method: 'POST', path: SEND, until: lost }]);
    await fill({ to: RECIPIENT, amount: '12.5' });
    review();
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Send withdrawal' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('NETWORK_ERROR');
    expect(screen.queryByRole('dialog')).toBeNull();

    api.answer(sendAnswer());
    review();
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Send withdrawal' }));
    await screen.findByText(`12.5 TRX sent to ${RECIPIENT}`);

    await fill({ to: RECIPIENT, amount: '12.5' });
    review();
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Send withdrawal' }));
    await waitFor(() => expect(api.requestsTo('POST', SEND)).toHaveLength(3));

    const [first, retry, next] = api
      .requestsTo('POST', SEND)
      .map((request) => request.headers.get('idempotency-key'));
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(next).toBeTruthy();
    expect(next).not.toBe(first);
  });

  it('asks a fresh key when the amount changes after a failed attempt', async () => {
    const { api } = renderWallet([
      feeEstimateAnswer(),
      errorAnswer('POST', SEND, 503, { code: 'CHAIN_UNAVAILABLE', error: 'The TRON node does not answer' }),
    ]);
    await fill({ to: RECIPIENT, amount: '12.5' });
    review();
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Send withdrawal' }));
    expect((await screen.findByRole('alert')).textContent).toContain('CHAIN_UNAVAILABLE');

    await fill({ amount: '12.6' });
    review();
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Send withdrawal' }));
    await waitFor(() => expect(api.requestsTo('POST', SEND)).toHaveLength(2));
    const [first, second] = api.requestsTo('POST', SEND);
    expect(second?.body).toEqual({ toAddress: RECIPIENT, amount: '12.6' });
    expect(second?.headers.get('idempotency-key')).not.toBe(first?.headers.get('idempotency-key'));
  });

  it('asks no authenticator code when 2FA is off', async () => {
    renderWallet();
    await screen.findByLabelText('Recipient address');
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
  });

  it('asks the authenticator code when 2FA is on, sends it, and shows a refused code beside it', async () => {
    const { api } = renderWallet(
      [
        feeEstimateAnswer(),
        errorAnswer('POST', SEND, 400, {
          code: 'INVALID_TWO_FACTOR_CODE',
          error: 'A valid two-factor authentication code is required',
        }),
      ],
      { twoFactor: true },
    );
    await fill({ to: RECIPIENT, amount: '12.5' });
    review();
    expect(describedText('Authenticator code')).toBe('The 6-digit code from your authenticator app');
    expect(api.requestsTo('GET', ESTIMATE)).toHaveLength(0);

    await fill({ code: '492039' });
    review();
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Send withdrawal' }));

    await waitFor(() =>
      expect(describedText('Authenticator code')).toBe(
        'INVALID_TWO_FACTOR_CODE: A valid two-factor authentication code is required',
      ),
    );
    expect(api.requestsTo('POST', SEND)[0]?.body).toEqual({
      toAddress: RECIPIENT,
      amount: '12.5',
      code: '492039',
    });
  });

  it('shows the estimate’s INVALID_ADDRESS beside the address', async () => {
    renderWallet([
      errorAnswer('GET', ESTIMATE, 400, { code: 'INVALID_ADDRESS', error: 'Invalid TRON address' }),
    ]);
    await fill({ to: OWN_ADDRESS, amount: '1' });
    review();
    await waitFor(() =>
      expect(describedText('Recipient address')).toBe('INVALID_ADDRESS: Invalid TRON address'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows INSUFFICIENT_BALANCE beside the amount with its numbers', async () => {
    renderWallet([
      feeEstimateAnswer(),
      errorAnswer('POST', SEND, 400, {
        code: 'INSUFFICIENT_BALANCE',
        error: 'Insufficient wallet balance',
        userBalance: 10,
        requiredAmount: 13.6,
        estimatedFee: 1.1,
      }),
    ]);
    await fill({ to: RECIPIENT, amount: '12.5' });
    review();
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Send withdrawal' }));

    await waitFor(() =>
      expect(describedText('Amount (TRX)')).toContain('INSUFFICIENT_BALANCE: Insufficient wallet balance'),
    );
    expect(describedText('Amount (TRX)')).toContain('You can spend 10 TRX; this withdrawal needs 13.6 TRX');
    expect(describedText('Amount (TRX)')).toContain('network fee of 1.1 TRX');
  });

  it('shows the API’s code and message when the wallet cannot be loaded', async () => {
    renderWallet([
      errorAnswer('GET', '/api/wallets/balance', 400, { code: 'NO_WALLET', error: 'User has no wallet' }),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('NO_WALLET');
    expect(alert.textContent).toContain('User has no wallet');
  });

  it('says there are no transactions yet', async () => {
    renderWallet([transactionsAnswer([])]);
    expect(await screen.findByText(/No transactions yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the wallet, live', () => {
  const WITHDRAWAL_TX = 'ee9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c';
  const withdrawal = (status: 'pending' | 'confirmed' | 'failed') =>
    aTransaction({
      _id: '6760c0f4a1b2c3d4e5f60742',
      type: 'withdrawal',
      amount: 12.5,
      status,
      transactionHash: WITHDRAWAL_TX,
      fromAddress: OWN_ADDRESS,
      toAddress: RECIPIENT,
      failureReason: status === 'failed' ? 'BROADCAST_REJECTED' : null,
    });

  it('shows a deposit that arrives in the room: the balance and the list the API gives next, without a reload', async () => {
    const { api, room } = renderWallet();
    expect(await shownBalance()).toBe('1,000 TRX');
    await waitFor(() => expect(room.joinedAs).toBe(SHOPPER_ID));
    const arrived = aTransaction({ _id: '6760c0f4a1b2c3d4e5f60743', amount: 250.000001 });

    api.answer(balanceAnswer(1250.000001), transactionsAnswer([arrived, aTransaction()]));
    room.send({ event: 'wallet:deposit', id: '11', orderId: null });

    await waitFor(async () => expect(await shownBalance()).toBe('1,250.000001 TRX'));
    const table = screen.getByRole('table', { name: 'Transactions' });
    await within(table).findByText('250.000001 TRX');
    expect(within(table).getAllByText('Deposit')).toHaveLength(2);
  });

  it.each([
    ['transaction:confirmed', 'confirmed', 987.5, '987.5 TRX', 'Confirmed'],
    ['transaction:failed', 'failed', 1000, '1,000 TRX', 'Failed'],
  ] as const)(
    'shows a withdrawal settled by %s: the balance and its status as the API gives them next',
    async (event, status, balanceAfter, balanceShown, statusWords) => {
      const { api, room } = renderWallet([
        balanceAnswer(1000, 13.6),
        transactionsAnswer([withdrawal('pending'), aTransaction()]),
      ]);
      const table = await screen.findByRole('table', { name: 'Transactions' });
      const row = () => within(table).getByText('Withdrawal').closest('tr') as HTMLElement;
      expect(within(row()).getByText('Pending')).toBeTruthy();
      await waitFor(() => expect(room.joinedAs).toBe(SHOPPER_ID));

      api.answer(balanceAnswer(balanceAfter, 0), transactionsAnswer([withdrawal(status), aTransaction()]));
      room.send({ event, id: '12', orderId: null });

      await waitFor(() => expect(within(row()).getByText(statusWords)).toBeTruthy());
      expect(await shownBalance()).toBe(balanceShown);
      expect(await shownFact('TRX', 'Held by pending transfers')).toBe('0 TRX');
    },
  );
});

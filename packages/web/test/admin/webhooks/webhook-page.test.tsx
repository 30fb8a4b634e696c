import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { mutationsHolding } from '../../support/mutations-holding.js';
import '../../support/dialog.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWebhooks } from './render-admin.js';
import {
  aDelivery,
  aWebhook,
  DELIVERY_ID,
  deliveriesAnswer,
  errorAnswer,
  listAnswer,
  SECRET,
  type Webhook,
  WEBHOOK_ID,
  webhookAnswer,
} from './webhooks-data.js';

const ENDPOINT = `/api/admin/webhooks/${WEBHOOK_ID}`;
const DELIVERIES = `${ENDPOINT}/deliveries`;
const URL_SHOWN = 'https://erp.example.com/hooks/trx-shop';

const failedTwice = aDelivery({
  _id: '6760c0f4a1b2c3d4e5f60762',
  eventId: '6760c0f4a1b2c3d4e5f60763',
  eventType: 'refund.confirmed',
  sequence: 43,
  status: 'failed',
  attempts: [
    {
      attempt: 1,
      at: '2026-01-15T11:00:00.000Z',
      statusCode: 500,
      latencyMs: 12,
      response: 'Internal oops',
      error: null,
    },
    {
      attempt: 2,
      at: '2026-01-15T11:00:05.000Z',
      statusCode: null,
      latencyMs: 10_000,
      response: '',
      error: 'Timed out after 10000 ms',
    },
  ],
});

const openEndpoint = async (webhook: Webhook = aWebhook(), deliveries = [aDelivery(), failedTwice]) => {
  const api = startFakeApi(
    { method: 'GET', path: ENDPOINT, body: webhookAnswer(webhook) },
    { method: 'GET', path: DELIVERIES, body: deliveriesAnswer(deliveries) },
  );
  const view = renderWebhooks(`/webhooks/${WEBHOOK_ID}`);
  await screen.findByRole('heading', { name: `Webhook ${webhook.url}`, level: 1 });
  return { api, view };
};

afterEach(() => {
  cleanup();
  stopFakeApi();
});

describe('an endpoint’s deliveries', () => {
  it('lists each delivery with its event, sequence, status and every attempt in an expandable list', async () => {
    const { api } = await openEndpoint();

    const table = await screen.findByRole('table', { name: 'Deliveries' });
    const [, ok, failed] = within(table).getAllByRole('row');
    if (!ok || !failed) throw new Error('expected two rows');
    expect(within(ok).getByText('order.completed')).toBeTruthy();
    expect(within(ok).getByRole('cell', { name: '42' })).toBeTruthy();
    expect(within(ok).getByText('Succeeded')).toBeTruthy();
    expect(within(ok).getByText('1 attempt')).toBeTruthy();
    expect(within(ok).getByText('HTTP 200')).toBeTruthy();
    expect(within(ok).getByText('{"received":true}')).toBeTruthy();

    expect(within(failed).getByText('Failed')).toBeTruthy();
    const attempts = within(failed).getByText('2 attempts').closest('details');
    if (!attempts) throw new Error('the attempts are not in a <details>');
    const items = within(attempts).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('HTTP 500');
    expect(items[0]?.textContent).toContain('12 ms');
    expect(items[0]?.textContent).toContain('Internal oops');
    expect(items[1]?.textContent).toContain('No answer');
    expect(items[1]?.textContent).toContain('Timed out after 10000 ms');
    expect(within(items[1] as HTMLElement).getByTitle('2026-01-15T11:00:05Z (UTC)')).toBeTruthy();
    expect(
      api.requestsTo('GET', DELIVERIES).map((request) => Object.fromEntries(request.url.searchParams)),
    ).toEqual([{ page: '1', limit: '20' }]);
  });

  it('calls a pending delivery with a failed attempt "Retrying" and shows its next attempt', async () => {
    await openEndpoint(aWebhook(), [
      { ...failedTwice, status: 'pending', nextAttemptAt: '2026-01-15T11:30:05.000Z' },
    ]);
    const row = within(await screen.findByRole('table', { name: 'Deliveries' })).getAllByRole('row')[1];
    if (!row) throw new Error('expected a row');
    expect(within(row).getByText('Retrying')).toBeTruthy();
    expect(within(row).getByTitle('2026-01-15T11:30:05Z (UTC)')).toBeTruthy();
  });

  it('redelivers one delivery and reads the log again, which shows it pending', async () => {
    const { api } = await openEndpoint();
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    const redeliver = `${DELIVERIES}/${failedTwice._id}/redeliver`;
    const requeued = {
      ...failedTwice,
      status: 'pending' as const,
      nextAttemptAt: '2026-01-16T09:00:00.000Z',
    };
    api.answer(
      { method: 'POST', path: redeliver, status: 202, body: { success: true, delivery: requeued } },
      { method: 'GET', path: DELIVERIES, body: deliveriesAnswer([aDelivery(), requeued]) },
    );

    fireEvent.click(
      within(table).getByRole('button', { name: `Redeliver refund.confirmed ${failedTwice.eventId}` }),
    );

    await within(table).findByText('Retrying');
    expect(within(table).queryByText('Failed')).toBeNull();
    expect(api.requestsTo('POST', redeliver)).toHaveLength(1);
    expect(api.requestsTo('POST', /\/redeliver$/)).toHaveLength(1);
    expect(api.requestsTo('GET', DELIVERIES)).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toContain('queued again');
  });

  it('pages through the log by the API, the page in the URL', async () => {
    const { api, view } = await openEndpoint(aWebhook(), [aDelivery()]);
    await screen.findByRole('table', { name: 'Deliveries' });
    api.answer({
      method: 'GET',
      path: DELIVERIES,
      body: deliveriesAnswer([aDelivery()], { total: 45, page: 1, pages: 3, limit: 20 }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() =>
      expect(api.requestsTo('GET', DELIVERIES).at(-1)?.url.searchParams.get('page')).toBe('2'),
    );
    expect(view.history.at(-1)).toBe(`/webhooks/${WEBHOOK_ID}?page=2`);
  });
});

describe('an endpoint’s actions', () => {
  it('pauses with a PATCH of enabled: false and then shows it paused, offering Resume', async () => {
    const { api } = await openEndpoint();
    api.answer(
      { method: 'PATCH', path: ENDPOINT, body: webhookAnswer(aWebhook({ enabled: false })) },
      { method: 'GET', path: ENDPOINT, body: webhookAnswer(aWebhook({ enabled: false })) },
    );

    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));

    await screen.findByRole('button', { name: 'Resume' });
    expect(api.requestsTo('PATCH', ENDPOINT).map((request) => request.body)).toEqual([{ enabled: false }]);
    expect(screen.getAllByText('Paused').length).toBeGreaterThan(0);
  });

  it('offers "Enable again" for an endpoint the service disabled, showing why', async () => {
    await openEndpoint(aWebhook({ enabled: false, disabledReason: 'Every attempt failed for 5 days' }));
    expect(screen.getByText('Disabled by the service')).toBeTruthy();
    expect(screen.getByText('Every attempt failed for 5 days')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enable again' })).toBeTruthy();
  });

  it('saves changed settings with a PATCH of the URL, description and events', async () => {
    const { api } = await openEndpoint();
    api.answer({ method: 'PATCH', path: ENDPOINT, body: webhookAnswer(aWebhook()) });
    const form = screen.getByRole('form', { name: 'Settings' });
    fireEvent.change(within(form).getByLabelText('Endpoint URL'), {
      target: { value: 'https://erp.example.com/v2/hooks' },
    });
    fireEvent.click(within(form).getByRole('checkbox', { name: /Order fully refunded/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    await screen.findByText('Saved.');
    expect(api.requestsTo('PATCH', ENDPOINT).map((request) => request.body)).toEqual([
      { url: 'https://erp.example.com/v2/hooks', description: 'ERP order sync', events: ['order.completed'] },
    ]);
  });

  it('deletes only after a confirmation naming the endpoint, then goes back to the list', async () => {
    const { api, view } = await openEndpoint();
    api.answer(
      { method: 'DELETE', path: ENDPOINT, body: { success: true, message: 'Webhook deleted' } },
      { method: 'GET', path: '/api/admin/webhooks', body: listAnswer([]) },
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(
      within(dialog).getByText(`Delete ${URL_SHOWN} and its delivery log`, { exact: false }),
    ).toBeTruthy();
    expect(api.requestsTo('DELETE', ENDPOINT)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requestsTo('DELETE', ENDPOINT)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete endpoint' }),
    );

    await screen.findByRole('heading', { name: 'Webhooks', level: 1 });
    expect(view.history.at(-1)).toBe('/webhooks');
    expect(api.requestsTo('DELETE', ENDPOINT)).toHaveLength(1);
  });

  it('rotates the secret after a confirmation about the old one’s 24 hours, and shows the new one once', async () => {
    const { api, view } = await openEndpoint();
    const rotated = aWebhook({ previousSecretExpiresAt: '2026-01-17T09:00:00.000Z' });
    api.answer(
      {
        method: 'POST',
        path: `${ENDPOINT}/rotate-secret`,
        body: { success: true, webhook: rotated, secret: SECRET },
      },
      { method: 'GET', path: ENDPOINT, body: webhookAnswer(rotated) },
    );

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    expect(dialog.textContent).toContain('keeps signing too for 24 hours');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));

    const box = await screen.findByRole('region', { name: 'New signing secret' });
    expect((within(box).getByLabelText(`New signing secret of ${URL_SHOWN}`) as HTMLInputElement).value).toBe(
      SECRET,
    );
    await screen.findByTitle('2026-01-17T09:00:00Z (UTC)');
    expect(api.requestsTo('POST', `${ENDPOINT}/rotate-secret`)).toHaveLength(1);
    expect(mutationsHolding(view.queryClient, SECRET)).toHaveLength(1);
    fireEvent.click(within(box).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
    await waitFor(() => expect(mutationsHolding(view.queryClient, SECRET)).toEqual([]));
  });

  it('sends a test ping, says it was queued and reads the log again', async () => {
    const { api } = await openEndpoint(aWebhook(), []);
    await screen.findByText(/No deliveries yet/);
    const ping = aDelivery({
      _id: DELIVERY_ID,
      eventType: 'webhook.ping',
      sequence: 0,
      status: 'pending',
      attempts: [],
    });
    api.answer(
      { method: 'POST', path: `${ENDPOINT}/ping`, status: 202, body: { success: true, delivery: ping } },
      { method: 'GET', path: DELIVERIES, body: deliveriesAnswer([ping]) },
    );

    fireEvent.click(screen.getByRole('button', { name: 'Send a test ping' }));

    expect((await screen.findByRole('status')).textContent).toContain(
      `Ping queued (delivery ${DELIVERY_ID})`,
    );
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    expect(within(table).getByText('webhook.ping')).toBeTruthy();
    expect(within(table).getByText('Pending')).toBeTruthy();
  });

  it('shows the API’s code and message when the endpoint cannot be loaded', async () => {
    startFakeApi({
      method: 'GET',
      path: ENDPOINT,
      status: 404,
      body: errorAnswer('WEBHOOK_NOT_FOUND', 'Webhook not found'),
    });
    renderWebhooks(`/webhooks/${WEBHOOK_ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('WEBHOOK_NOT_FOUND');
    expect(alert.textContent).toContain('Webhook not found');
    expect(screen.getByRole('heading', { name: 'Webhook', level: 1 })).toBeTruthy();
  });
});

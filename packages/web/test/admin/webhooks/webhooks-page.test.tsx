import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { mutationsHolding } from '../../support/mutations-holding.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWebhooks } from './render-admin.js';
import {
  aWebhook,
  deliveriesAnswer,
  errorAnswer,
  listAnswer,
  SECRET,
  WEBHOOK_ID,
  webhookAnswer,
} from './webhooks-data.js';

const LIST = '/api/admin/webhooks';
const NEW_URL = 'https://wms.example.com/hooks';

const createForm = () => screen.getByRole('form', { name: 'Add an endpoint' });

const fillUrl = (url: string) =>
  fireEvent.change(within(createForm()).getByLabelText('Endpoint URL'), { target: { value: url } });

const submit = () => fireEvent.click(within(createForm()).getByRole('button', { name: 'Add endpoint' }));

const created = aWebhook({ url: NEW_URL, description: '', events: [] });

const answerCreate = (api: ReturnType<typeof startFakeApi>) =>
  api.answer(
    { method: 'POST', path: LIST, status: 201, body: { success: true, webhook: created, secret: SECRET } },
    { method: 'GET', path: LIST, body: listAnswer([created]) },
  );

const setClipboard = (clipboard: unknown) =>
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });

afterEach(() => {
  cleanup();
  stopFakeApi();
  setClipboard(undefined);
});

describe('the webhooks list', () => {
  it('shows each endpoint with its events (or "All events") and its status, the service’s reason included', async () => {
    startFakeApi({
      method: 'GET',
      path: LIST,
      body: listAnswer([
        aWebhook(),
        aWebhook({
          _id: '6760c0f4a1b2c3d4e5f60751',
          url: 'https://a.example.com/all',
          events: [],
          enabled: false,
        }),
        aWebhook({
          _id: '6760c0f4a1b2c3d4e5f60752',
          url: 'https://b.example.com/down',
          enabled: false,
          disabledReason: 'Every attempt failed for 5 days (last: HTTP 503)',
          failingSince: '2026-01-01T00:00:00.000Z',
        }),
      ]),
    });
    renderWebhooks('/webhooks');

    const table = await screen.findByRole('table', { name: 'Endpoints' });
    const [, active, paused, disabled] = within(table).getAllByRole('row');
    if (!active || !paused || !disabled) throw new Error('expected three rows');
    expect(
      within(active)
        .getByRole('link', { name: 'https://erp.example.com/hooks/trx-shop' })
        .getAttribute('href'),
    ).toBe(`/webhooks/${WEBHOOK_ID}`);
    expect(within(active).getByText('ERP order sync')).toBeTruthy();
    expect(within(active).getByText('order.completed, order.refunded')).toBeTruthy();
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(paused).getByText('All events')).toBeTruthy();
    expect(within(paused).getByText('Paused')).toBeTruthy();
    expect(within(disabled).getByText('Disabled by the service')).toBeTruthy();
    expect(within(disabled).getByText('Every attempt failed for 5 days (last: HTTP 503)')).toBeTruthy();
    expect(within(disabled).getByTitle('2026-01-01T00:00:00Z (UTC)')).toBeTruthy();
  });

  it('says when there is no endpoint yet, and shows the API’s code and message when the list fails', async () => {
    startFakeApi({ method: 'GET', path: LIST, body: listAnswer([]) });
    renderWebhooks('/webhooks');
    await screen.findByText("No endpoints yet: add one below to receive the shop's events.");
    cleanup();

    startFakeApi({ method: 'GET', path: LIST, status: 403, body: errorAnswer('FORBIDDEN', 'Admins only') });
    renderWebhooks('/webhooks');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('FORBIDDEN');
    expect(alert.textContent).toContain('Admins only');
  });
});

describe('adding an endpoint', () => {
  it('refuses a URL that is not http(s) before sending anything', async () => {
    const api = startFakeApi({ method: 'GET', path: LIST, body: listAnswer([]) });
    renderWebhooks('/webhooks');
    await screen.findByRole('form', { name: 'Add an endpoint' });

    fillUrl('ftp://erp.example.com/hooks');
    submit();

    const field = within(createForm()).getByLabelText('Endpoint URL');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(createForm()).getByText('An absolute http or https URL, like https://erp.example.com/hooks'),
    ).toBeTruthy();
    expect(api.requestsTo('POST', LIST)).toEqual([]);
  });

  it('sends the URL, description and chosen events; with none chosen it sends [] (all events)', async () => {
    const api = startFakeApi({ method: 'GET', path: LIST, body: listAnswer([]) });
    answerCreate(api);
    renderWebhooks('/webhooks');
    await screen.findByRole('form', { name: 'Add an endpoint' });

    fillUrl(` ${NEW_URL} `);
    fireEvent.change(within(createForm()).getByLabelText('Description (optional)'), {
      target: { value: 'Warehouse' },
    });
    const paid = within(createForm()).getByRole('checkbox', { name: /Order completed \(paid\)/ });
    const refunded = within(createForm()).getByRole('checkbox', { name: /Refund confirmed on chain/ });
    fireEvent.click(paid);
    fireEvent.click(refunded);
    submit();
    await screen.findByRole('region', { name: 'Signing secret' });

    fillUrl(NEW_URL);
    submit();
    await waitFor(() => expect(api.requestsTo('POST', LIST)).toHaveLength(2));
    expect(api.requestsTo('POST', LIST).map((request) => request.body)).toEqual([
      { url: NEW_URL, description: 'Warehouse', events: ['order.completed', 'refund.confirmed'] },
      { url: NEW_URL, events: [] },
    ]);
  });

  it('shows the signing secret once, with Copy writing it to the clipboard and saying "Copied"', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    setClipboard({ writeText });
    const api = startFakeApi({ method: 'GET', path: LIST, body: listAnswer([]) });
    answerCreate(api);
    renderWebhooks('/webhooks');
    await screen.findByRole('form', { name: 'Add an endpoint' });
    fillUrl(NEW_URL);
    submit();

    const box = await screen.findByRole('region', { name: 'Signing secret' });
    expect(within(box).getByText(/it will not be shown again/)).toBeTruthy();
    expect((within(box).getByLabelText(`Signing secret of ${NEW_URL}`) as HTMLInputElement).value).toBe(
      SECRET,
    );
    fireEvent.click(within(box).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(within(box).getByRole('status').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    // The new endpoint is listed from the list read again.
    await within(await screen.findByRole('table', { name: 'Endpoints' })).findByRole('link', {
      name: NEW_URL,
    });
  });

  it('selects the secret for copying by hand when the clipboard is unavailable', async () => {
    const api = startFakeApi({ method: 'GET', path: LIST, body: listAnswer([]) });
    answerCreate(api);
    renderWebhooks('/webhooks');
    await screen.findByRole('form', { name: 'Add an endpoint' });
    fillUrl(NEW_URL);
    submit();

    const box = await screen.findByRole('region', { name: 'Signing secret' });
    const field = within(box).getByLabelText(`Signing secret of ${NEW_URL}`) as HTMLInputElement;
    fireEvent.click(within(box).getByRole('button', { name: 'Copy' }));
    await waitFor(() =>
      expect(within(box).getByRole('status').textContent).toContain('the text is selected'),
    );
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, SECRET.length]);
  });

  it('no longer shows or keeps the secret after going to the endpoint and back', async () => {
    const api = startFakeApi({ method: 'GET', path: LIST, body: listAnswer([]) });
    answerCreate(api);
    api.answer(
      { method: 'GET', path: `${LIST}/${WEBHOOK_ID}`, body: webhookAnswer(created) },
      { method: 'GET', path: `${LIST}/${WEBHOOK_ID}/deliveries`, body: deliveriesAnswer([]) },
    );
    const { queryClient } = renderWebhooks('/webhooks');
    await screen.findByRole('form', { name: 'Add an endpoint' });
    fillUrl(NEW_URL);
    submit();

    const box = await screen.findByRole('region', { name: 'Signing secret' });
    expect(mutationsHolding(queryClient, SECRET)).toHaveLength(1);
    fireEvent.click(within(box).getByRole('link', { name: NEW_URL }));
    await screen.findByRole('heading', { name: `Webhook ${NEW_URL}`, level: 1 });
    fireEvent.click(screen.getByRole('link', { name: '← All webhooks' }));
    await screen.findByRole('heading', { name: 'Webhooks', level: 1 });
    await screen.findByRole('table', { name: 'Endpoints' });
    expect(screen.queryByRole('region', { name: 'Signing secret' })).toBeNull();
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    await waitFor(() => expect(mutationsHolding(queryClient, SECRET)).toEqual([]));
  });

  it('shows the API’s WEBHOOK_URL_NOT_ALLOWED beside the URL, with its code and message', async () => {
    const refusal =
      'The host resolves to a private address (127.0.0.1); set WEBHOOK_ALLOW_PRIVATE_HOSTS=true to allow it';
    startFakeApi(
      { method: 'GET', path: LIST, body: listAnswer([]) },
      {
        method: 'POST',
        path: LIST,
        status: 400,
        body: errorAnswer('WEBHOOK_URL_NOT_ALLOWED', refusal, [{ field: 'url', message: refusal }]),
      },
    );
    renderWebhooks('/webhooks');
    await screen.findByRole('form', { name: 'Add an endpoint' });
    fillUrl('http://127.0.0.1:8080/hooks');
    submit();

    const field = within(createForm()).getByLabelText('Endpoint URL');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(describedBy?.textContent).toBe(`WEBHOOK_URL_NOT_ALLOWED: ${refusal}`);
    expect(within(createForm()).getByRole('alert').textContent).toContain('The endpoint was not added');
    expect(screen.queryByRole('region', { name: 'Signing secret' })).toBeNull();
  });
});

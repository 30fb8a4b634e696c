import { startFakeApi, stopFakeApi } from '../../support/fake-api.js';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import AuditPage from '../../../src/admin/features/audit/routes/audit-page.js';
import { renderPage } from '../orders/render-page.js';
import {
  ADMIN_ID,
  anEntry,
  auditAnswer,
  CUSTOMER_ID,
  ORDER_ID,
  PRODUCT_ID,
  WEBHOOK_ID,
} from './audit-data.js';

const AUDIT = '/api/admin/audit';

const auditRequests = (api: ReturnType<typeof startFakeApi>) =>
  api.requestsTo('GET', AUDIT).map((request) => Object.fromEntries(request.url.searchParams));

const rows = async () => {
  const table = await screen.findByRole('table', { name: 'Audit trail' });
  return within(table).getAllByRole('row').slice(1);
};

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

describe('the audit trail', () => {
  it('shows each entry: who (label, kind, address), the action in words and the change as field: before → after', async () => {
    const api = startFakeApi({ method: 'GET', path: AUDIT, body: auditAnswer([anEntry()]) });
    renderPage('/audit', <AuditPage />);

    const [row] = await rows();
    if (!row) throw new Error('expected a row');
    expect(within(row).getByText('owner@shop.example')).toBeTruthy();
    expect(within(row).getByText('Admin from 203.0.113.7')).toBeTruthy();
    expect(within(row).getByRole('cell', { name: 'Product updated' })).toBeTruthy();
    const changes = within(row)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(changes).toEqual(['price: 3 → 4.5', 'stock: 2 → 5']);
    expect(auditRequests(api)).toEqual([{ page: '1', limit: '20' }]);
  });

  it('shows a creation as its values, a deletion as its values removed, and an API key actor as such', async () => {
    startFakeApi({
      method: 'GET',
      path: AUDIT,
      body: auditAnswer([
        anEntry({
          _id: 'e1',
          action: 'webhook.created',
          target: { type: 'webhook', id: WEBHOOK_ID },
          before: null,
          after: { url: 'https://example.com/hook', events: ['order.completed'] },
        }),
        anEntry({
          _id: 'e2',
          action: 'webhook.deleted',
          target: { type: 'webhook', id: WEBHOOK_ID },
          before: { url: 'https://example.com/hook', active: true },
          after: null,
          actor: {
            kind: 'admin',
            id: ADMIN_ID,
            sessionId: 'api-key:6760c0f4a1b2c3d4e5f607b0',
            label: 'tsk_live_ab12',
            address: null,
          },
        }),
      ]),
    });
    renderPage('/audit', <AuditPage />);

    const [created, deleted] = await rows();
    if (!created || !deleted) throw new Error('expected two rows');
    expect(
      within(created)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['url: https://example.com/hook', 'events: ["order.completed"]']);
    expect(
      within(deleted)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['url: https://example.com/hook → removed', 'active: true → removed']);
    expect(within(deleted).getByText('Admin by API key')).toBeTruthy();
  });

  it('links each target to the page that shows it, and shows an unknown one as its id', async () => {
    startFakeApi({
      method: 'GET',
      path: AUDIT,
      body: auditAnswer([
        anEntry({ _id: 'a', action: 'order.status_overridden', target: { type: 'order', id: ORDER_ID } }),
        anEntry({ _id: 'b', action: 'customer.blocked', target: { type: 'customer', id: CUSTOMER_ID } }),
        anEntry({ _id: 'c', target: { type: 'product', id: PRODUCT_ID } }),
        anEntry({ _id: 'd', action: 'webhook.pinged', target: { type: 'webhook', id: WEBHOOK_ID } }),
        anEntry({ _id: 'e', action: 'api_key.created', target: { type: 'api-key', id: 'k1' } }),
        anEntry({ _id: 'f', action: 'reconciliation.completed', target: { type: 'service', id: null } }),
        anEntry({ _id: 'g', action: 'admin.created', target: { type: 'admin', id: ADMIN_ID } }),
      ]),
    });
    renderPage('/audit', <AuditPage />);

    const targetCells = (await rows()).map((row) => within(row).getAllByRole('cell')[3]);
    const hrefs = targetCells.map((cell) => cell && within(cell).queryByRole('link')?.getAttribute('href'));
    expect(hrefs).toEqual([
      `/orders/${ORDER_ID}`,
      `/customers/${CUSTOMER_ID}`,
      `/products/${PRODUCT_ID}`,
      `/webhooks/${WEBHOOK_ID}`,
      '/api-keys',
      '/reconciliation',
      undefined,
    ]);
    expect(targetCells[0]?.textContent).toContain(`Order ${ORDER_ID}`);
    expect(targetCells[6]?.textContent).toContain(`Admin account ${ADMIN_ID}`);
  });

  it('asks for the chosen action from page 1, grouped in words, and keeps it in the URL', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: AUDIT,
      body: auditAnswer([anEntry()], { total: 60, page: 2, pages: 3, limit: 20 }),
    });
    const { history } = renderPage('/audit?page=2', <AuditPage />);
    await rows();

    const select = screen.getByLabelText<HTMLSelectElement>('Action');
    const customers = within(select).getByRole('group', { name: 'Customers' });
    expect(within(customers).getByRole('option', { name: 'Customer blocked' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'customer.blocked' } });

    await waitFor(() => expect(auditRequests(api)).toHaveLength(2));
    expect(auditRequests(api).at(-1)).toEqual({ action: 'customer.blocked', page: '1', limit: '20' });
    expect(history.at(-1)).toBe('/audit?action=customer.blocked');
  });

  it('sends From and To as the local midnights bounding those days', async () => {
    const api = startFakeApi({ method: 'GET', path: AUDIT, body: auditAnswer([anEntry()]) });
    const { history } = renderPage('/audit', <AuditPage />);
    await rows();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-08' } });

    await waitFor(() =>
      expect(auditRequests(api).at(-1)).toEqual({
        from: '2026-03-01T05:00:00.000Z',
        to: '2026-03-09T04:00:00.000Z',
        page: '1',
        limit: '20',
      }),
    );
    expect(history.at(-1)).toBe('/audit?from=2026-03-01&to=2026-03-08');
  });

  it('"Only this actor" asks for that admin\'s actions, names them, and "Clear actor" asks for everyone\'s', async () => {
    const api = startFakeApi({ method: 'GET', path: AUDIT, body: auditAnswer([anEntry()]) });
    const { history } = renderPage('/audit?action=product.updated', <AuditPage />);
    const [row] = await rows();
    if (!row) throw new Error('expected a row');

    fireEvent.click(within(row).getByRole('button', { name: 'Only this actor' }));

    await waitFor(() =>
      expect(auditRequests(api).at(-1)).toEqual({
        action: 'product.updated',
        actor: ADMIN_ID,
        page: '1',
        limit: '20',
      }),
    );
    expect(history.at(-1)).toBe(`/audit?action=product.updated&actor=${ADMIN_ID}`);
    const narrowed = await screen.findByRole('list', { name: 'Narrowed to' });
    expect(narrowed.textContent).toContain('Only actions by owner@shop.example');

    fireEvent.click(within(narrowed).getByRole('button', { name: 'Clear actor' }));
    await waitFor(() => expect(history.at(-1)).toBe('/audit?action=product.updated'));
    expect(screen.queryByRole('list', { name: 'Narrowed to' })).toBeNull();
  });

  it('"Only this target" asks for the actions on that id; an API key, which the filter cannot find, offers none', async () => {
    const api = startFakeApi({
      method: 'GET',
      path: AUDIT,
      body: auditAnswer([
        anEntry({ _id: 'a', action: 'order.status_overridden', target: { type: 'order', id: ORDER_ID } }),
        anEntry({ _id: 'b', action: 'api_key.created', target: { type: 'api-key', id: 'k1' } }),
      ]),
    });
    const { history } = renderPage('/audit', <AuditPage />);
    const [order, key] = await rows();
    if (!order || !key) throw new Error('expected two rows');
    expect(within(key).queryByRole('button', { name: 'Only this target' })).toBeNull();

    fireEvent.click(within(order).getByRole('button', { name: 'Only this target' }));

    await waitFor(() =>
      expect(auditRequests(api).at(-1)).toEqual({ target: ORDER_ID, page: '1', limit: '20' }),
    );
    expect(history.at(-1)).toBe(`/audit?target=${ORDER_ID}`);
    expect((await screen.findByRole('list', { name: 'Narrowed to' })).textContent).toContain(
      `Only actions on order ${ORDER_ID}`,
    );
  });

  it('leaves a malformed actor out of the request rather than sending it', async () => {
    const api = startFakeApi({ method: 'GET', path: AUDIT, body: auditAnswer([anEntry()]) });
    renderPage('/audit?actor=not-an-id&action=nope', <AuditPage />);
    await rows();
    expect(auditRequests(api)).toEqual([{ page: '1', limit: '20' }]);
  });

  it('says the trail is empty, or that nothing matches the filters', async () => {
    startFakeApi({
      method: 'GET',
      path: AUDIT,
      body: auditAnswer([], { total: 0, page: 1, pages: 0, limit: 20 }),
    });
    renderPage('/audit?action=webhook.pinged', <AuditPage />);
    expect(await screen.findByText('No actions match these filters.')).toBeTruthy();
    cleanup();
    renderPage('/audit', <AuditPage />);
    expect(await screen.findByText(/^No admin actions yet/)).toBeTruthy();
  });

  it("shows the API's code and message when the trail is refused", async () => {
    startFakeApi({
      method: 'GET',
      path: AUDIT,
      status: 403,
      body: { success: false, code: 'FORBIDDEN', error: 'Admin access required' },
    });
    renderPage('/audit', <AuditPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('FORBIDDEN');
    expect(alert.textContent).toContain('Admin access required');
  });
});

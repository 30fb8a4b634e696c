// @vitest-environment node
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { unwrap } from '@trx-shop/client';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/accounts.js';
import { signIn } from './support/admin-pages.js';
import { type Browsing, NARROW, openBrowser } from './support/browser.js';
import { browserTestsRun } from './support/chromium.js';
import type { ShopClient } from './support/customers.js';
import { expectPageQuality } from './support/page-checks.js';
import { type RunningShop, startShop } from './support/shop.js';

/** How long a page or the receiver may take to show a delivery: the machine is shared. */
const SHOWN_WITHIN = { timeout: 30_000, interval: 250 } as const;

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly answered: number;
}

/** A webhook receiver on 127.0.0.1 that records every request and answers 200, or 500 when told to fail. */
const startReceiver = async () => {
  const received: Received[] = [];
  let answer = 200;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answer;
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        answered: status,
      });
      response
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status === 200 ? 'ok' : 'receiver down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerWith: (status: number) => {
      answer = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The Standard Webhooks check of docs/api.md, written apart from the service's signer. */
const signedWith = (secret: string, { headers, body }: Received): boolean => {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((signature) => {
      const given = Buffer.from(signature.slice('v1,'.length), 'base64');
      return (
        signature.startsWith('v1,') && given.length === expected.length && timingSafeEqual(given, expected)
      );
    });
};

/** Whether the page holds `value` in its text or in any field. */
const showsAnywhere = (page: Page, value: string): Promise<boolean> =>
  page.evaluate(
    (wanted) =>
      (document.body.textContent ?? '').includes(wanted) ||
      [...document.querySelectorAll('input')].some((input) => input.value === wanted),
    value,
  );

/** The status a delivery's row shows, reading the log again with the page's Refresh button. */
const deliveryStatusShown = async (page: Page, eventId: string): Promise<string | null> => {
  await page.getByRole('button', { name: 'Refresh' }).click();
  await page.getByRole('button', { name: 'Refresh' }).waitFor();
  const row = page.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: eventId });
  if ((await row.count()) === 0) return null;
  return row.locator('.delivery-status').textContent();
};

describe.skipIf(!browserTestsRun())(
  'the admin webhooks and API keys pages against a real shop',
  { timeout: 180_000 },
  () => {
    let shop: RunningShop;
    let browsing: Browsing;
    let admin: ShopClient;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;

    beforeAll(async () => {
      receiver = await startReceiver();
      // A receiver on 127.0.0.1 needs private hosts allowed; one quick retry makes a failure final at once.
      shop = await startShop({
        env: { WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true', WEBHOOK_RETRY_SCHEDULE: '200ms' },
      });
      browsing = await openBrowser(shop.url);
      admin = await signedInClient(shop, shop.admin);
    }, 180_000);
    afterEach(() => browsing?.endTest());
    afterAll(async () => {
      await browsing?.close();
      await shop?.stop();
      await receiver?.close();
    }, 60_000);

    it('adds an endpoint from the page, its secret signs a ping it sees succeed; a failed one is redelivered and succeeds', async () => {
      const page = await browsing.newPage();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await signIn(page, shop.admin, '/admin/webhooks');
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      await page.getByText('No endpoints yet').waitFor();
      await expectPageQuality(page);

      const form = page.getByRole('form', { name: 'Add an endpoint' });
      await form.getByLabel('Endpoint URL').fill(receiver.url);
      await form.getByLabel('Description (optional)').fill('Test receiver');
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      const box = page.getByRole('region', { name: 'Signing secret' });
      const secret = await box.getByLabel(`Signing secret of ${receiver.url}`).inputValue();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      await box.getByRole('button', { name: 'Copy' }).click();
      await box.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      const listed = page
        .getByRole('table', { name: 'Endpoints' })
        .getByRole('row')
        .filter({ hasText: receiver.url });
      await listed.getByText('All events').waitFor();
      await listed.getByText('Active').waitFor();
      await expectPageQuality(page);
      const { webhooks } = await unwrap(admin.GET('/api/admin/webhooks'));
      expect(webhooks).toMatchObject([
        { url: receiver.url, description: 'Test receiver', events: [], enabled: true },
      ]);
      const webhookId = webhooks[0]?._id ?? '';

      await box.getByRole('link', { name: receiver.url }).click();
      await page.getByRole('heading', { name: `Webhook ${receiver.url}`, level: 1 }).waitFor();
      expect(await showsAnywhere(page, secret)).toBe(false);

      // A ping the receiver answers: signed with the secret the page showed.
      await page.getByRole('button', { name: 'Send a test ping' }).click();
      await page.getByRole('status').filter({ hasText: 'Ping queued' }).waitFor();
      await expect.poll(() => receiver.received.length, SHOWN_WITHIN).toBe(1);
      const [first] = receiver.received;
      if (!first) throw new Error('no ping received');
      expect(JSON.parse(first.body)).toMatchObject({ type: 'webhook.ping', data: { webhookId } });
      expect(signedWith(secret, first)).toBe(true);
      expect(signedWith(`whsec_${Buffer.from('another secret').toString('base64')}`, first)).toBe(false);
      const firstId = String(first.headers['webhook-id']);
      await expect.poll(() => deliveryStatusShown(page, firstId), SHOWN_WITHIN).toBe('Succeeded');

      // The receiver fails: the ping is tried twice (the one retry), then failed.
      receiver.answerWith(500);
      await page.getByRole('button', { name: 'Send a test ping' }).click();
      await expect.poll(() => receiver.received.length, SHOWN_WITHIN).toBe(3);
      const secondId = String(receiver.received[1]?.headers['webhook-id']);
      expect(receiver.received[2]?.headers['webhook-id']).toBe(secondId);
      await expect.poll(() => deliveryStatusShown(page, secondId), SHOWN_WITHIN).toBe('Failed');
      const failedRow = page
        .getByRole('table', { name: 'Deliveries' })
        .getByRole('row')
        .filter({ hasText: secondId });
      await failedRow.getByText('2 attempts').click();
      expect(await failedRow.getByText('HTTP 500').count()).toBe(2);
      await failedRow.getByText('receiver down').first().waitFor();
      await expectPageQuality(page);
      const failed = await unwrap(
        admin.GET('/api/admin/webhooks/{id}/deliveries', { params: { path: { id: webhookId } } }),
      );
      expect(failed.deliveries.find((delivery) => delivery.eventId === secondId)).toMatchObject({
        status: 'failed',
        attempts: [{ statusCode: 500 }, { statusCode: 500 }],
      });

      // The receiver is back: Redeliver sends the same event again, and it succeeds.
      receiver.answerWith(200);
      await failedRow.getByRole('button', { name: `Redeliver webhook.ping ${secondId}` }).click();
      await page.getByRole('status').filter({ hasText: 'queued again' }).waitFor();
      await expect.poll(() => receiver.received.length, SHOWN_WITHIN).toBe(4);
      const again = receiver.received[3];
      if (!again) throw new Error('no redelivery received');
      expect(again.headers['webhook-id']).toBe(secondId);
      expect(again.answered).toBe(200);
      expect(signedWith(secret, again)).toBe(true);
      await expect.poll(() => deliveryStatusShown(page, secondId), SHOWN_WITHIN).toBe('Succeeded');
      const redelivered = await unwrap(
        admin.GET('/api/admin/webhooks/{id}/deliveries', { params: { path: { id: webhookId } } }),
      );
      expect(redelivered.deliveries.find((delivery) => delivery.eventId === secondId)?.status).toBe(
        'succeeded',
      );
      await expectPageQuality(page);

      const narrow = await browsing.newPage({ viewport: NARROW });
      await signIn(narrow, shop.admin, `/admin/webhooks/${webhookId}`);
      await narrow.getByRole('heading', { name: `Webhook ${receiver.url}`, level: 1 }).waitFor();
      await narrow
        .getByRole('table', { name: 'Deliveries' })
        .getByRole('row')
        .filter({ hasText: secondId })
        .waitFor();
      await expectPageQuality(narrow);
      await narrow.getByRole('link', { name: '← All webhooks' }).click();
      await narrow.getByRole('table', { name: 'Endpoints' }).waitFor();
      await expectPageQuality(narrow);
    });

    it('creates an orders:read key from the page, the test uses it, revokes it from the page and it is refused', async () => {
      const sales = (key: string) =>
        fetch(`${shop.apiUrl}/api/admin/sales`, { headers: { 'x-api-key': key } }).then(async (answer) => ({
          status: answer.status,
          body: (await answer.json()) as { code?: string },
        }));
      const page = await browsing.newPage();
      await signIn(page, shop.admin, '/admin/api-keys');
      await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
      await page.getByText('No API keys yet').waitFor();
      await expectPageQuality(page);

      const form = page.getByRole('form', { name: 'Create an API key' });
      await form.getByLabel('Name').fill('Warehouse sync');
      await form.getByRole('checkbox', { name: /orders:read/ }).check();
      await form.getByRole('button', { name: 'Create key' }).click();
      const key = await page
        .getByRole('region', { name: 'New API key' })
        .getByLabel('API key Warehouse sync')
        .inputValue();
      expect(key).toMatch(/^trx_sk_[0-9A-Za-z]{43}$/);
      const row = page
        .getByRole('table', { name: 'API keys' })
        .getByRole('row')
        .filter({ hasText: 'Warehouse sync' });
      await row.getByText('Active').waitFor();
      await row.getByText(`${key.slice(0, 13)}…`).waitFor();
      await expectPageQuality(page);

      expect((await sales(key)).status).toBe(200);
      const { apiKeys } = await unwrap(admin.GET('/api/admin/api-keys'));
      expect(apiKeys).toMatchObject([{ name: 'Warehouse sync', scopes: ['orders:read'], revokedAt: null }]);

      await row.getByRole('button', { name: 'Revoke Warehouse sync' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke Warehouse sync?' });
      await dialog.getByText('are refused at once', { exact: false }).waitFor();
      await expectPageQuality(page);
      await dialog.getByRole('button', { name: 'Revoke key' }).click();
      await row.getByText('Revoked').waitFor();
      expect(await row.getByRole('button').count()).toBe(0);

      const refused = await sales(key);
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('UNAUTHENTICATED');
      const after = await unwrap(admin.GET('/api/admin/api-keys'));
      expect(after.apiKeys[0]?.revokedAt).not.toBeNull();

      const narrow = await browsing.newPage({ viewport: NARROW });
      await signIn(narrow, shop.admin, '/admin/api-keys');
      await narrow.getByRole('table', { name: 'API keys' }).getByText('Revoked').waitFor();
      expect(await showsAnywhere(narrow, key)).toBe(false);
      await expectPageQuality(narrow);
    });
  },
);

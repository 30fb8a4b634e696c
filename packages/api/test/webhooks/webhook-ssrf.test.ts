import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedAddress } from '../../src/adapters/webhook-sender.js';
import { insertAdmin, loginAdmin } from '../admin/admin-fixtures.js';
import { json, type LoggedIn } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

/*
 * The SSRF guard (docs/api.md, "Webhooks"), with WEBHOOK_ALLOW_PRIVATE_HOSTS off and names
 * resolved by an injected resolver: a URL whose host is or resolves to a loopback, private,
 * link-local or metadata address is refused at creation and at delivery (DNS rebinding), before
 * any connection. The only real connections go to 127.0.0.1.
 */

const PUBLIC = '93.184.216.34';
const names = new Map<string, string[]>([
  ['internal.example', ['10.0.0.5']],
  ['metadata.example', ['169.254.169.254']],
  ['mixed.example', [PUBLIC, '127.0.0.1']],
  ['unique-local.example', ['fd00::1']],
  ['mapped.example', ['::ffff:127.0.0.1']],
  ['cgnat.example', ['100.100.100.200']],
  ['localhost', ['127.0.0.1', '::1']],
  ['public.example', [PUBLIC]],
]);
const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
  const addresses = names.get(hostname);
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

let h: TestApp;
let admin: LoggedIn;
let receiver: WebhookReceiver;

beforeAll(async () => {
  h = await createTestApp({ webhooks: { allowPrivateHosts: false, resolve } });
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await h.close();
});

const create = (url: string) =>
  h.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: admin.jar.header(), payload: { url } });

describe('the SSRF guard', () => {
  it.each([
    ['a name resolving to a private address', 'http://internal.example/hook'],
    ['a name resolving to the cloud metadata address', 'http://metadata.example/latest/meta-data'],
    ['a name with one private address among public ones', 'http://mixed.example/hook'],
    ['a name resolving to a unique-local IPv6 address', 'http://unique-local.example/hook'],
    ['a name resolving to an IPv4-mapped loopback', 'http://mapped.example/hook'],
    ['a name resolving to carrier-grade NAT (a metadata range)', 'http://cgnat.example/hook'],
    ['localhost', 'http://localhost:8080/hook'],
    ['a private IPv4 literal', 'http://10.1.2.3/hook'],
    ['the metadata IPv4 literal', 'http://169.254.169.254/latest'],
    ['the IPv6 loopback literal', 'http://[::1]:8080/hook'],
    ['an IPv4-mapped loopback in hex', 'http://[::ffff:7f00:1]/hook'],
    ['a name that does not resolve', 'http://nowhere.example/hook'],
  ])('refuses %s with 400 WEBHOOK_URL_NOT_ALLOWED', async (_case, url) => {
    const refused = await create(url);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(json(refused).code).toBe('WEBHOOK_URL_NOT_ALLOWED');
  });

  it('refuses the loopback receiver itself without connecting to it', async () => {
    const refused = await create(receiver.url);
    expect(json(refused).code).toBe('WEBHOOK_URL_NOT_ALLOWED');
    expect(receiver.connections()).toBe(0);
    expect(await h.store.webhooks.listEndpoints()).toEqual([]);
  });

  it('checks the address connected to at delivery: a public name that later resolves to loopback is not sent to', async () => {
    // The receiver's port behind a public name: were the guard to let it through, it would connect.
    const created = await create(`http://public.example:${receiver.port}/hooks/shop`);
    expect(created.statusCode, created.body).toBe(201);
    const webhookId = (json(created).webhook as { _id: string })._id;
    names.set('public.example', ['127.0.0.1']);
    const product = await h.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.jar.header(),
      payload: { name: 'Rebound', price: 1, category: 'digital', stock: 1 },
    });
    expect(product.statusCode).toBe(201);

    // The marker: the attempt was made and recorded, so a connection would have happened by now.
    expect(await h.dispatchWebhooks()).toBe(1);
    const deliveries = json(
      await h.app.inject({ url: `/api/admin/webhooks/${webhookId}/deliveries`, headers: admin.jar.header() }),
    ).deliveries as { attempts: { statusCode: number | null; error: string | null }[] }[];
    expect(deliveries[0]?.attempts).toEqual([
      expect.objectContaining({
        statusCode: null,
        error: expect.stringMatching(/^Not sent: .*public\.example.*loopback/),
      }),
    ]);
    expect(receiver.connections()).toBe(0);
    expect(receiver.received).toEqual([]);
  });
});

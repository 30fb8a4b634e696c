import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedAddress } from '../../src/adapters/webhook-sender.js';
import { insertAdmin, loginAdmin } from '../admin/admin-fixtures.js';
import { json, type LoggedIn } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

/*
 * The address guard on IPv6 addresses that carry an IPv4 one (IPv4-compatible, IPv4-translated,
 * NAT64, 6to4, Teredo, ISATAP), with WEBHOOK_ALLOW_PRIVATE_HOSTS off: judged as the IPv4 address
 * they carry, as a URL's literal at creation and on PATCH, and as what a name resolves to at
 * delivery. The only real connections would go to the loopback receiver.
 */

const PUBLIC = '93.184.216.34';
const names = new Map<string, string[]>();
const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
  const addresses = names.get(hostname);
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

// Each form with a private or metadata IPv4 address inside; the names are written out by hand.
const refused: readonly (readonly [form: string, address: string])[] = [
  ['IPv4-compatible metadata', '::a9fe:a9fe'],
  ['IPv4-compatible private, dotted', '::10.0.0.1'],
  ['IPv4-translated metadata', '::ffff:0:a9fe:a9fe'],
  ['IPv4-mapped metadata, dotted', '::ffff:169.254.169.254'],
  ['NAT64 metadata', '64:ff9b::a9fe:a9fe'],
  ['NAT64 private, dotted', '64:ff9b::10.0.0.1'],
  ['NAT64 local-use private', '64:ff9b:1::a00:1'],
  ['NAT64 local-use of another prefix length', '64:ff9b:1:a00:0:100::'],
  ['6to4 metadata', '2002:a9fe:a9fe::1'],
  ['Teredo with a private client', '2001:0:4136:e378:8000:63bf:f5ff:fffe'],
  ['Teredo with a private server', '2001:0:a00:1:8000:63bf:a2b7:27dd'],
  ['ISATAP private', '2001:db8::5efe:a00:1'],
];

// The same forms carrying the public address 93.184.216.34.
const accepted: readonly (readonly [form: string, address: string])[] = [
  ['IPv4-compatible', '::5db8:d822'],
  ['IPv4-translated', '::ffff:0:5db8:d822'],
  ['NAT64', '64:ff9b::5db8:d822'],
  ['NAT64 local-use', '64:ff9b:1::5db8:d822'],
  ['6to4', '2002:5db8:d822::1'],
  ['Teredo', '2001:0:4136:e378:8000:63bf:a2b7:27dd'],
];

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
const patch = (id: string, url: string) =>
  h.app.inject({
    method: 'PATCH',
    url: `/api/admin/webhooks/${id}`,
    headers: admin.jar.header(),
    payload: { url },
  });
const createdId = async (url: string): Promise<string> => {
  const created = await create(url);
  expect(created.statusCode, created.body).toBe(201);
  return (json(created).webhook as { _id: string })._id;
};

describe('an IPv6 literal carrying a private or metadata IPv4 address', () => {
  it.each(refused)(
    '%s [%s] is refused at creation with 400 WEBHOOK_URL_NOT_ALLOWED',
    async (_form, address) => {
      const before = (await h.store.webhooks.listEndpoints()).length;
      const answer = await create(`http://[${address}]:${receiver.port}/hook`);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(json(answer).code).toBe('WEBHOOK_URL_NOT_ALLOWED');
      expect(await h.store.webhooks.listEndpoints()).toHaveLength(before);
    },
  );

  it.each(refused)('%s [%s] is refused on PATCH, the stored URL kept', async (_form, address) => {
    const kept = `http://[2606:4700::1111]:${receiver.port}/hook`;
    const id = await createdId(kept);
    const answer = await patch(id, `http://[${address}]:${receiver.port}/hook`);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(json(answer).code).toBe('WEBHOOK_URL_NOT_ALLOWED');
    expect((await h.store.webhooks.findEndpoint(id))?.url).toBe(kept);
  });

  it('says which setting allows such receivers in development', async () => {
    const answer = await create('http://[64:ff9b::a9fe:a9fe]/latest/meta-data');
    expect(answer.statusCode).toBe(400);
    expect(json(answer).error).toContain('WEBHOOK_ALLOW_PRIVATE_HOSTS=true');
  });
});

describe('an IPv6 literal carrying a public IPv4 address', () => {
  it.each(accepted)('%s [%s] is accepted at creation and on PATCH', async (_form, address) => {
    const url = `http://[${address}]/hook`;
    const id = await createdId(url);
    const moved = `http://[${address}]:8443/other`;
    const answer = await patch(id, moved);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await h.store.webhooks.findEndpoint(id))?.url).toBe(moved);
  });
});

describe('at delivery', () => {
  it('does not send to a name that now resolves to an IPv6 form of a loopback, private or metadata address', async () => {
    // The endpoints of the tests above point at public addresses no test may reach.
    for (const endpoint of await h.store.webhooks.listEndpoints()) {
      const deleted = await h.app.inject({
        method: 'DELETE',
        url: `/api/admin/webhooks/${endpoint.id}`,
        headers: admin.jar.header(),
      });
      expect(deleted.statusCode).toBeLessThan(300);
    }
    const forms = [...refused, ['IPv4-compatible loopback', '::7f00:1'] as const].map(
      ([form, address], index) => ({
        form,
        address,
        host: `rebound-${index}.example`,
      }),
    );
    const ids = new Map<string, string>();
    for (const { host } of forms) {
      names.set(host, [PUBLIC]);
      ids.set(host, await createdId(`http://${host}:${receiver.port}/hooks/shop`));
    }
    for (const { host, address } of forms) names.set(host, [address]);

    const product = await h.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.jar.header(),
      payload: { name: 'Rebound over IPv6', price: 1, category: 'digital', stock: 1 },
    });
    expect(product.statusCode).toBe(201);

    // The marker: every attempt was made and recorded, so a connection would have happened by now.
    expect(await h.dispatchWebhooks()).toBe(forms.length);
    for (const { form, host } of forms) {
      const deliveries = json(
        await h.app.inject({
          url: `/api/admin/webhooks/${ids.get(host)}/deliveries`,
          headers: admin.jar.header(),
        }),
      ).deliveries as { attempts: { statusCode: number | null; error: string | null }[] }[];
      expect(deliveries[0]?.attempts, form).toEqual([
        expect.objectContaining({
          statusCode: null,
          error: expect.stringContaining(`Not sent: The webhook host ${host} resolves to`),
        }),
      ]);
    }
    expect(receiver.connections()).toBe(0);
    expect(receiver.received).toEqual([]);
  });
});

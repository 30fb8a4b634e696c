import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdmin, loginAdmin } from '../admin/admin-fixtures.js';
import { json, type LoggedIn } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/*
 * Managing webhook endpoints (docs/api.md, "Webhooks"): what an admin sends is checked, the secret
 * is shown once and never again, and unknown ids answer 404 with their own codes.
 */

let h: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  h = await createTestApp();
  admin = await loginAdmin(h, (await insertAdmin(h)).user);
});
afterAll(async () => {
  await h.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  h.app.inject({
    method,
    url,
    headers: admin.jar.header(),
    ...(body === undefined ? {} : { payload: body as object }),
  });

const RECEIVER = 'http://127.0.0.1:9/hooks';

describe('webhook endpoints', () => {
  it('creates one with its fields, shows the secret once, and lists, reads, updates and deletes it', async () => {
    const created = await call('POST', '/api/admin/webhooks', {
      url: RECEIVER,
      events: ['order.completed', 'order.refunded'],
      description: 'Warehouse',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { webhook, secret } = json(created) as { webhook: Record<string, unknown>; secret: string };
    expect(webhook).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      url: RECEIVER,
      description: 'Warehouse',
      events: ['order.completed', 'order.refunded'],
      enabled: true,
      disabledReason: null,
      failingSince: null,
      previousSecretExpiresAt: null,
      createdAt: h.clock.now().toISOString(),
      updatedAt: h.clock.now().toISOString(),
    });
    // 32 random bytes in base64 after the prefix.
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const id = webhook._id as string;

    const listed = await call('GET', '/api/admin/webhooks');
    expect(json(listed).webhooks).toEqual([webhook]);
    expect(listed.body).not.toContain(secret.slice('whsec_'.length));
    expect((await call('GET', `/api/admin/webhooks/${id}`)).body).not.toContain(
      secret.slice('whsec_'.length),
    );
    // Sealed at rest, like wallet keys.
    const stored = await h.store.webhooks.findEndpoint(id);
    expect(JSON.stringify(stored)).not.toContain(secret.slice('whsec_'.length));

    h.clock.advance(1_000);
    const patched = await call('PATCH', `/api/admin/webhooks/${id}`, { events: [], enabled: false });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(json(patched).webhook).toEqual({
      ...webhook,
      events: [],
      enabled: false,
      updatedAt: h.clock.now().toISOString(),
    });

    const deleted = await call('DELETE', `/api/admin/webhooks/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(json(deleted)).toEqual({ success: true, message: 'Webhook deleted' });
    expect((await call('GET', `/api/admin/webhooks/${id}`)).statusCode).toBe(404);
    expect(json(await call('GET', '/api/admin/webhooks')).webhooks).toEqual([]);
  });

  it.each([
    ['a URL that is not http(s)', { url: 'ftp://127.0.0.1/hooks' }, 'url'],
    ['a relative URL', { url: '/hooks' }, 'url'],
    ['credentials in the URL', { url: 'http://user:secret@127.0.0.1/hooks' }, 'url'],
    ['an unknown event type', { url: RECEIVER, events: ['order.shipped'] }, 'events'],
    ['a repeated event type', { url: RECEIVER, events: ['order.created', 'order.created'] }, 'events'],
    ['a description over 500 characters', { url: RECEIVER, description: 'x'.repeat(501) }, 'description'],
    ['a missing url', { events: [] }, 'url'],
    ['an unknown field', { url: RECEIVER, secret: 'whsec_mine' }, 'secret'],
  ])(
    'refuses %s with 400 VALIDATION_ERROR naming the field, and stores nothing',
    async (_case, body, field) => {
      const before = (await h.store.webhooks.listEndpoints()).length;
      const refused = await call('POST', '/api/admin/webhooks', body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(json(refused).code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(json(refused).details ?? json(refused))).toContain(field);
      expect(await h.store.webhooks.listEndpoints()).toHaveLength(before);
    },
  );

  it('refuses an empty patch and a bad field in a patch', async () => {
    const { webhook } = json(await call('POST', '/api/admin/webhooks', { url: RECEIVER })) as {
      webhook: { _id: string };
    };
    for (const body of [{}, { enabled: 'yes' }, { events: ['nope'] }]) {
      const refused = await call('PATCH', `/api/admin/webhooks/${webhook._id}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(refused).code).toBe('VALIDATION_ERROR');
    }
    expect(await h.store.webhooks.findEndpoint(webhook._id)).toMatchObject({ enabled: true, events: [] });
  });

  it('answers 404 with its own code for an unknown endpoint or delivery, and 400 INVALID_ID for a malformed id', async () => {
    const unknown = 'cd'.repeat(12);
    for (const [method, url] of [
      ['GET', `/api/admin/webhooks/${unknown}`],
      ['PATCH', `/api/admin/webhooks/${unknown}`],
      ['DELETE', `/api/admin/webhooks/${unknown}`],
      ['POST', `/api/admin/webhooks/${unknown}/rotate-secret`],
      ['POST', `/api/admin/webhooks/${unknown}/ping`],
      ['GET', `/api/admin/webhooks/${unknown}/deliveries`],
    ] as const) {
      const answer = await call(method, url, method === 'PATCH' ? { enabled: true } : undefined);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(json(answer).code).toBe('WEBHOOK_NOT_FOUND');
    }
    const { webhook } = json(await call('POST', '/api/admin/webhooks', { url: RECEIVER })) as {
      webhook: { _id: string };
    };
    const noDelivery = await call(
      'POST',
      `/api/admin/webhooks/${webhook._id}/deliveries/${unknown}/redeliver`,
    );
    expect(noDelivery.statusCode).toBe(404);
    expect(json(noDelivery).code).toBe('WEBHOOK_DELIVERY_NOT_FOUND');
    const malformed = await call('GET', '/api/admin/webhooks/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).code).toBe('INVALID_ID');
  });

  it('lists deliveries newest first with pagination', async () => {
    const { webhook } = json(await call('POST', '/api/admin/webhooks', { url: RECEIVER })) as {
      webhook: { _id: string };
    };
    const pings: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      h.clock.advance(1_000);
      pings.push(
        (json(await call('POST', `/api/admin/webhooks/${webhook._id}/ping`)).delivery as { _id: string })._id,
      );
    }
    const page = await call('GET', `/api/admin/webhooks/${webhook._id}/deliveries?limit=2&page=1`);
    expect(page.statusCode, page.body).toBe(200);
    expect((json(page).deliveries as { _id: string }[]).map((delivery) => delivery._id)).toEqual([
      pings[2],
      pings[1],
    ]);
    expect(json(page).pagination).toEqual({ total: 3, page: 1, pages: 2, limit: 2 });
  });
});

describe('who may manage webhooks', () => {
  it('answers 401 without a session and 403 to a customer, changing nothing', async () => {
    const before = await h.store.webhooks.listEndpoints();
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      payload: { url: RECEIVER },
    });
    expect(anonymous.statusCode).toBe(401);
    const customer = await h.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'hooks@example.com',
        username: 'hooks_user',
        password: 'Hooks-pass-1',
        passwordConfirm: 'Hooks-pass-1',
      },
    });
    const cookie = customer.headers['set-cookie'];
    const forbidden = await h.app.inject({
      method: 'GET',
      url: '/api/admin/webhooks',
      headers: {
        cookie: (Array.isArray(cookie) ? cookie : [cookie ?? '']).map((c) => c.split(';')[0]).join('; '),
      },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await h.store.webhooks.listEndpoints()).toEqual(before);
  });
});

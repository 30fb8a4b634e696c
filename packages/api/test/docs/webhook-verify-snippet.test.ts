import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createWebhookSigner } from '../../src/adapters/webhook-signer.js';

/*
 * The signature check docs/api.md ("Webhooks") gives receivers, run as written against signatures
 * the service makes: a doc that drifted from the signer fails here.
 */

const API_DOC = new URL('../../../../docs/api.md', import.meta.url);

type Verify = (secret: string, headers: Record<string, string>, rawBody: string) => boolean;

const documentedVerify = (): Verify => {
  const doc = readFileSync(API_DOC, 'utf8');
  const section = doc.slice(doc.indexOf('**Verifying a delivery in Node**'));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error('no js block after "Verifying a delivery in Node" in docs/api.md');
  expect(code.trim().split('\n').length).toBeLessThanOrEqual(12);
  return new Function('require', `${code}\nreturn verify;`)(createRequire(import.meta.url)) as Verify;
};

describe("docs/api.md's signature check", () => {
  const verify = documentedVerify();
  const signer = createWebhookSigner();
  const secret = signer.newSecret();
  const body = JSON.stringify({ type: 'order.completed', id: 'e1', sequence: 7, data: { paid: '5.99' } });
  const now = Math.floor(Date.now() / 1000);
  const headers = (overrides: Record<string, string> = {}) => ({
    'webhook-id': 'e1',
    'webhook-timestamp': String(now),
    'webhook-signature': signer.sign(secret, 'e1', now, body),
    ...overrides,
  });

  it('accepts what the service signs, also beside a second signature of a rotation', () => {
    expect(verify(secret, headers(), body)).toBe(true);
    const other = signer.newSecret();
    const both = `${signer.sign(other, 'e1', now, body)} ${signer.sign(secret, 'e1', now, body)}`;
    expect(verify(secret, headers({ 'webhook-signature': both }), body)).toBe(true);
  });

  it('refuses another body, another id, another secret and an old timestamp', () => {
    expect(verify(secret, headers(), body.replace('5.99', '0.01'))).toBe(false);
    expect(verify(secret, headers({ 'webhook-id': 'e2' }), body)).toBe(false);
    expect(verify(signer.newSecret(), headers(), body)).toBe(false);
    const old = now - 3_600;
    expect(
      verify(
        secret,
        headers({
          'webhook-timestamp': String(old),
          'webhook-signature': signer.sign(secret, 'e1', old, body),
        }),
        body,
      ),
    ).toBe(false);
  });
});

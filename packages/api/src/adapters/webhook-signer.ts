import { createHmac, randomBytes } from 'node:crypto';
import type { WebhookSigner } from '@trx-shop/domain';

const SECRET_PREFIX = 'whsec_';
/** 32 bytes: above the specification's minimum of 24, the size of the HMAC-SHA256 key block's sweet spot. */
const SECRET_BYTES = 32;

/** Standard Webhooks signatures with node:crypto (https://www.standardwebhooks.com). */
export const createWebhookSigner = (): WebhookSigner => ({
  newSecret: () => `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`,
  sign: (secret, id, timestampSeconds, body) => {
    const key = Buffer.from(
      secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
      'base64',
    );
    const signature = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
    return `v1,${signature}`;
  },
});

import { readFileSync } from 'node:fs';
import { Parser } from '@asyncapi/parser';
import { NO_SUBJECTS, webhookBody } from '@trx-shop/domain';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { asyncApiDocument } from '../../src/docs/asyncapi-document.js';
import { SERVER_FRAMES, WebhookBody } from '../../src/realtime/frame-schemas.js';
import { wireFrame } from '../../src/realtime/room-hub.js';
import { ASYNCAPI_URL, formatAsyncApi } from './asyncapi-file.js';

/*
 * docs/asyncapi.yaml (AsyncAPI 3): generated from the schemas the code uses, valid for the
 * AsyncAPI parser, and true of real frames and webhook bodies.
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false }));

describe('docs/asyncapi.yaml', () => {
  it('is what the code generates (run `pnpm asyncapi:export` after changing a frame or a body)', () => {
    expect(readFileSync(ASYNCAPI_URL, 'utf8')).toBe(formatAsyncApi(asyncApiDocument()));
  });

  it('is a valid AsyncAPI 3 document', async () => {
    const { document, diagnostics } = await new Parser().parse(parse(readFileSync(ASYNCAPI_URL, 'utf8')));
    const errors = diagnostics
      .filter((diagnostic) => diagnostic.severity === 0)
      .map((d) => `${d.path.join('.')}: ${d.message}`);
    expect(errors).toEqual([]);
    expect(
      document
        ?.channels()
        .all()
        .map((channel) => channel.id())
        .sort(),
    ).toEqual(['userRoom', 'webhook']);
  });

  it('describes the frames the room hub sends and the bodies webhooks carry', () => {
    const confirmed = JSON.parse(
      wireFrame({
        userId: 'u1',
        eventId: '6b0472b0e1d2c3a4b5c6d7e8',
        sequence: 9,
        frame: {
          event: 'transaction:confirmed',
          data: {
            orderId: null,
            txHash: 'ab'.repeat(32),
            message: 'Payment confirmed',
            timestamp: new Date().toISOString(),
          },
        },
      }),
    );
    expect(ajv.validate(SERVER_FRAMES.transactionConfirmed, confirmed), JSON.stringify(ajv.errors)).toBe(
      true,
    );
    // A frame without its id does not match: the schema is not a blank check.
    const { id: _id, ...withoutId } = confirmed;
    expect(ajv.validate(SERVER_FRAMES.transactionConfirmed, withoutId)).toBe(false);

    const body = JSON.parse(
      webhookBody({
        type: 'order.completed',
        id: '6b0472b0e1d2c3a4b5c6d7e9',
        sequence: 42,
        occurredAt: new Date(),
        subjects: { ...NO_SUBJECTS, orderId: 'o1', userId: 'u1' },
        payload: { paid: '5.99', txHash: 'cd'.repeat(32) },
      }),
    );
    expect(ajv.validate(WebhookBody, body), JSON.stringify(ajv.errors)).toBe(true);
    expect(ajv.validate(WebhookBody, { ...body, type: 'order.shipped' })).toBe(false);
  });
});

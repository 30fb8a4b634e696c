import { readFileSync } from 'node:fs';
import { Parser } from '@asyncapi/parser';
import {
  ADMINISTRATION_EVENT_TYPES,
  accountSecurityEvents,
  administrationEvents,
  type LoggedEvent,
  merchantBalanceEvents,
  NO_SUBJECTS,
  noDiscrepancies,
  webhookBody,
  passwordResetEvent,
  webhookDisabledEvent,
} from '@trx-shop/domain';
import { buildApiKey, buildEventActor, buildUser, newObjectId } from '@trx-shop/store-contract';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { asyncApiDocument } from '../../src/docs/asyncapi-document.js';
import { ADMINISTRATION_EVENT_DATA } from '../../src/realtime/administration-event-data.js';
import { SERVER_FRAMES, WebhookBody, webhookBodyOf } from '../../src/realtime/frame-schemas.js';
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
    ).toEqual(['adminRoom', 'userRoom', 'webhook']);
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

  it("gives the administration's new events their data's shape, true of the bodies real events make", () => {
    const ids = { newId: newObjectId };
    const at = new Date('2026-06-01T12:00:00.000Z');
    const make = administrationEvents(ids, at, buildEventActor());
    const key = buildApiKey({ expiresAt: null });
    const report = {
      id: newObjectId(),
      startedAt: at,
      finishedAt: at,
      blocks: { from: 10, to: 20 },
      transfersChecked: 3,
      linesChecked: 3,
      allWallets: true,
      walletsChecked: 2,
      walletsSkipped: 0,
      openingsRecorded: 0,
      counts: { ...noDiscrepancies(), balance: 1 },
      discrepancies: [],
    };
    const request = { allWallets: false, fromBlock: 12 };
    const events = [
      make.apiKeyCreated(key),
      make.apiKeyRevoked(key, at),
      make.adminCreated(buildUser({ role: 'admin' })),
      make.customersExported(),
      make.webhookPinged({ id: newObjectId(), endpointId: newObjectId() }),
      make.webhookRedelivered({
        id: newObjectId(),
        endpointId: newObjectId(),
        eventId: newObjectId(),
        eventType: 'order.created',
      }),
      make.reconciliationCompleted(report, request),
      make.reconciliationFailed('CHAIN_UNAVAILABLE', 'node unreachable', request),
      make.mailTestRequested({ id: `${newObjectId()}:test:${newObjectId()}`, to: 'owner@shop.example' }),
      make.mailRetried({
        id: `${newObjectId()}:order-paid:${newObjectId()}`,
        template: 'order-paid',
        to: 'buyer@shop.example',
      }),
      webhookDisabledEvent(
        ids,
        at,
        { id: newObjectId(), url: 'https://erp.example/hooks' },
        'Every attempt failed',
      ),
      ...(() => {
        const security = accountSecurityEvents(ids, at, newObjectId());
        return [
          security.twoFactorEnabled(),
          security.twoFactorDisabled(),
          security.passwordChanged(),
          security.signedInNewDevice({
            sessionId: newObjectId(),
            device: 'Firefox on Linux',
            userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
            address: '203.0.113.9',
          }),
        ];
      })(),
      passwordResetEvent(ids, at, {
        userId: newObjectId(),
        email: 'ann@example.com',
        address: '203.0.113.9',
      }),
      ...(() => {
        const merchant = { address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', thresholdSun: 100_000_000 };
        return [
          merchantBalanceEvents(ids, at, { ...merchant, balanceSun: 12_345_678 }).low(),
          merchantBalanceEvents(ids, at, { ...merchant, balanceSun: 100_000_000 }).recovered(),
        ];
      })(),
    ];
    // Every administration event with a shape of its own is made here, and none twice.
    expect(events.map((event) => event.type).sort()).toEqual(Object.keys(ADMINISTRATION_EVENT_DATA).sort());
    for (const event of events) {
      expect(ADMINISTRATION_EVENT_TYPES).toContain(event.type);
      const body = JSON.parse(webhookBody({ ...event, sequence: 7 } satisfies Omit<LoggedEvent, 'loggedAt'>));
      const schema = webhookBodyOf(event.type);
      expect(ajv.validate(schema, body), `${event.type}: ${JSON.stringify(ajv.errors)}`).toBe(true);
      // Each shape is no blank check: a field it does not name is refused.
      expect(ajv.validate(schema, { ...body, data: { ...body.data, secret: 'x' } }), event.type).toBe(false);
      expect(ajv.validate(WebhookBody, body)).toBe(true);
    }
  });
});

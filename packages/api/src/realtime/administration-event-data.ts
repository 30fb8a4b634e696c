import { DISCREPANCY_KINDS, type ShopEventType } from '@trx-shop/domain';
import { type TSchema, Type } from 'typebox';

/*
 * The `data` of the administration's webhook bodies that have a shape of their own (docs/api.md,
 * "Events"): the ids the event concerns, then its payload. docs/asyncapi.yaml shows them, and a
 * test checks the bodies of real events against them.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const IsoDate = Type.String({ format: 'date-time' });
const strict = { additionalProperties: false } as const;

const ApiKeyFields = {
  apiKeyId: Type.String({ description: "the key's _id" }),
  name: Type.String(),
  prefix: Type.String({ description: 'trx_sk_ and the next 6 characters: never the key' }),
};

/** Exact TRX as decimal text, never a float: `12.345678`, `0`. */
const TrxText = (description: string) =>
  Type.String({ pattern: '^(0|[1-9][0-9]*)(\\.[0-9]{1,6})?$', description });

const BalanceCrossing = {
  address: Type.String({ description: 'the merchant wallet (base58)' }),
  balance: TrxText('its balance on the solidified chain when the service looked, in TRX'),
  threshold: TrxText('MERCHANT_LOW_BALANCE_TRX'),
};

const RunRequest = {
  allWallets: Type.Boolean(),
  fromBlock: Nullable(Type.Integer({ minimum: 0 })),
};

export const ADMINISTRATION_EVENT_DATA: Partial<Record<ShopEventType, TSchema>> = {
  'api_key.created': Type.Object(
    {
      ...ApiKeyFields,
      scopes: Type.Array(Type.String()),
      expiresAt: Nullable(IsoDate),
    },
    { ...strict, description: 'an admin made an API key' },
  ),
  'api_key.revoked': Type.Object(
    { ...ApiKeyFields, revokedAt: IsoDate },
    { ...strict, description: 'an admin revoked an API key' },
  ),
  'admin.created': Type.Object(
    {
      userId: Type.String({ description: "the new admin's _id" }),
      email: Type.String(),
      username: Type.String(),
      walletAddress: Type.String(),
    },
    { ...strict, description: '`pnpm admin:create` made an admin' },
  ),
  'customers.exported': Type.Object(
    { format: Type.Literal('csv') },
    { ...strict, description: 'an admin exported every customer' },
  ),
  'webhook.pinged': Type.Object(
    { webhookId: Type.String(), deliveryId: Type.String({ description: 'the queued webhook.ping' }) },
    { ...strict, description: 'an admin queued a ping to the endpoint' },
  ),
  'webhook.redelivered': Type.Object(
    {
      webhookId: Type.String(),
      deliveryId: Type.String(),
      eventId: Type.String({ description: 'the event the delivery carries' }),
      eventType: Type.String(),
    },
    { ...strict, description: 'an admin queued a delivery again' },
  ),
  'webhook.disabled': Type.Object(
    {
      webhookId: Type.String(),
      url: Type.String(),
      reason: Type.String({ description: 'why: the failures and the last one; also its disabledReason' }),
    },
    { ...strict, description: 'the service disabled an endpoint whose every attempt failed for too long' },
  ),
  'reconciliation.completed': Type.Object(
    {
      reportId: Type.String({
        description: 'the report GET /api/admin/reconciliation shows until the next run',
      }),
      ok: Type.Boolean({ description: 'true when it found no discrepancy' }),
      discrepancies: Type.Integer({ minimum: 0 }),
      counts: Type.Object(
        Object.fromEntries(DISCREPANCY_KINDS.map((kind) => [kind, Type.Integer({ minimum: 0 })])),
        strict,
      ),
      blocks: Nullable(Type.Object({ from: Type.Integer(), to: Type.Integer() }, strict)),
      walletsChecked: Type.Integer({ minimum: 0 }),
      walletsSkipped: Type.Integer({ minimum: 0 }),
      ...RunRequest,
    },
    { ...strict, description: 'a reconciliation ran to its end (the admin route or `pnpm reconcile`)' },
  ),
  'reconciliation.failed': Type.Object(
    {
      ok: Type.Literal(false),
      code: Type.String({ description: 'the error code, INTERNAL_ERROR for an unexpected failure' }),
      message: Type.String({ maxLength: 300 }),
      ...RunRequest,
    },
    { ...strict, description: 'a reconciliation started and stopped on an error; no report was kept' },
  ),
  'user.two_factor_enabled': Type.Object(
    { userId: Type.String({ description: "the account's _id" }) },
    { ...strict, description: 'a user turned 2FA on for their account' },
  ),
  'user.two_factor_disabled': Type.Object(
    { userId: Type.String({ description: "the account's _id" }) },
    { ...strict, description: 'a user turned 2FA off for their account' },
  ),
  'user.password_changed': Type.Object(
    { userId: Type.String({ description: "the account's _id" }) },
    { ...strict, description: 'a user changed their password (their other sessions ended)' },
  ),
  'user.signed_in_new_device': Type.Object(
    {
      userId: Type.String({ description: "the account's _id" }),
      sessionId: Type.String({ description: 'the session the sign-in opened' }),
      device: Type.String({ description: 'the user agent in words, e.g. "Firefox on Windows"' }),
      userAgent: Type.String({ maxLength: 512 }),
      address: Type.String({ description: 'the client address, after TRUST_PROXY' }),
    },
    {
      ...strict,
      description:
        "a password sign-in whose device and address match none of the account's sessions of the last 90 days",
    },
  ),
  'user.password_reset': Type.Object(
    {
      userId: Type.String(),
      email: Type.String({ description: 'the address the reset link was mailed to' }),
      address: Type.String({
        description: 'the client address the new password was set from, as the service saw it',
      }),
    },
    {
      ...strict,
      description: "an account's password was set with a mailed reset link; every session of it ended",
    },
  ),
  'mail.test_requested': Type.Object(
    { messageId: Type.String({ description: 'the queued test mail' }), to: Type.String() },
    { ...strict, description: 'an admin queued a test mail to their own address' },
  ),
  'mail.retried': Type.Object(
    { messageId: Type.String(), template: Type.String(), to: Type.String() },
    { ...strict, description: 'an admin queued a failed mail again' },
  ),
  'merchant.balance_low': Type.Object(BalanceCrossing, {
    ...strict,
    description: "the merchant wallet's balance fell below MERCHANT_LOW_BALANCE_TRX (refunds may fail)",
  }),
  'merchant.balance_recovered': Type.Object(BalanceCrossing, {
    ...strict,
    description: "the merchant wallet's balance is back at or above MERCHANT_LOW_BALANCE_TRX",
  }),
};

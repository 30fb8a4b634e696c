import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type MailPreferences, mailPreferencesOf, type Role, updateMailPreferences } from '@trx-shop/domain';
import { Type } from 'typebox';
import { DOMAIN_CHECKED } from '../http/domain-checked.js';
import { errorResponses } from '../http/schemas.js';
import { identityOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import type { RouteOptions } from './route-options.js';

const ALERT_DESCRIPTIONS = {
  orderPaid: 'an order paid and confirmed',
  reconciliation: 'a reconciliation run that found discrepancies',
  webhookDisabled: 'a webhook endpoint disabled after failing',
  lowBalance: 'the merchant wallet below MERCHANT_LOW_BALANCE_TRX',
} as const;

const AlertsView = Type.Object(
  {
    orderPaid: Type.Boolean({ description: ALERT_DESCRIPTIONS.orderPaid }),
    reconciliation: Type.Boolean({ description: ALERT_DESCRIPTIONS.reconciliation }),
    webhookDisabled: Type.Boolean({ description: ALERT_DESCRIPTIONS.webhookDisabled }),
    lowBalance: Type.Boolean({ description: ALERT_DESCRIPTIONS.lowBalance }),
  },
  { additionalProperties: false, description: 'the merchant alerts this admin receives (admins only)' },
);

const PreferencesResponse = Type.Object(
  {
    success: Type.Literal(true),
    preferences: Type.Object(
      {
        receipts: Type.Boolean({ description: 'receipts for payments, refunds, deposits and withdrawals' }),
        alerts: Type.Optional(AlertsView),
      },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        success: true,
        preferences: {
          receipts: true,
          alerts: { orderPaid: false, reconciliation: true, webhookDisabled: true, lowBalance: true },
        },
      },
    ],
  },
);

// "Change at least one thing" is the domain's rule, answered in its words.
const PreferencesBody = Type.Object(
  {
    receipts: Type.Optional(Type.Boolean()),
    alerts: Type.Optional(
      Type.Object(
        {
          orderPaid: Type.Optional(Type.Boolean({ description: ALERT_DESCRIPTIONS.orderPaid })),
          reconciliation: Type.Optional(Type.Boolean({ description: ALERT_DESCRIPTIONS.reconciliation })),
          webhookDisabled: Type.Optional(Type.Boolean({ description: ALERT_DESCRIPTIONS.webhookDisabled })),
          lowBalance: Type.Optional(Type.Boolean({ description: ALERT_DESCRIPTIONS.lowBalance })),
        },
        { additionalProperties: false, minProperties: 1, [DOMAIN_CHECKED]: ['minProperties'] },
      ),
    ),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    [DOMAIN_CHECKED]: ['minProperties'],
    examples: [{ receipts: false }, { alerts: { orderPaid: false } }],
  },
);

/** Customers see the one switch they have; admins also their alerts. */
const present = (preferences: MailPreferences, role: Role) => ({
  success: true as const,
  preferences:
    role === 'admin'
      ? { receipts: preferences.receipts, alerts: preferences.alerts }
      : { receipts: preferences.receipts },
});

export const mailPreferenceRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const common = { preValidation: app.requireUser } as const;
  const schemaBase = { tags: ['users'], security: BEARER_OR_COOKIE };
  const preferenceDeps = { store: deps.store, clock: deps.clock };

  app.get(
    '/api/users/mail-preferences',
    {
      ...common,
      schema: {
        ...schemaBase,
        operationId: 'getMailPreferences',
        summary: 'What the caller lets the shop mail them',
        description:
          'For a signed-in user: whether receipts are mailed, and for an admin which merchant alerts; everything is on until turned off. Security notices (2FA, password, new sign-in) have no switch.',
        response: { 200: PreferencesResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { user } = identityOf(request);
      return present(await mailPreferencesOf(preferenceDeps, user.id), user.role);
    },
  );

  app.put(
    '/api/users/mail-preferences',
    {
      ...common,
      schema: {
        ...schemaBase,
        operationId: 'updateMailPreferences',
        summary: 'Turn receipts, or an admin’s merchant alerts, on or off',
        description:
          'For a signed-in user: changes the switches named, keeping the others; only admins may name alerts (400 VALIDATION_ERROR on `alerts` otherwise). Applies to mail queued from then on.',
        body: PreferencesBody,
        response: { 200: PreferencesResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { user } = identityOf(request);
      const updated = await updateMailPreferences(preferenceDeps, user, request.body);
      if (!updated.ok) throw updated.error;
      return present(updated.value, user.role);
    },
  );
};

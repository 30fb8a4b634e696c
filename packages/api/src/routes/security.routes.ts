import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { beginTwoFactorSetup, disableTwoFactor, verifyTwoFactor } from '@trx-shop/domain';
import QRCode from 'qrcode';
import { Type } from 'typebox';
import { errorResponses, SuccessMessageResponse } from '../http/schemas.js';
import { identityOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import type { RouteOptions } from './route-options.js';

const CodeField = Type.String({ maxLength: 16, description: '6-digit TOTP code' });
const PasswordField = Type.String({ maxLength: 1024, description: 'the current password' });

export const securityRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const twoFactorDeps = {
    users: deps.store.users,
    vault: deps.vault,
    totp: deps.totp,
    clock: deps.clock,
    ids: deps.ids,
  };
  const base = {
    preValidation: app.requireUser,
    config: { rateLimit: app.strictRateLimit },
  } as const;

  app.post(
    '/api/security/2fa/enable',
    {
      ...base,
      schema: {
        tags: ['security'],
        operationId: 'enableTwoFactor',
        summary: 'Start 2FA setup (needs the current password): the one answer that shows the TOTP secret',
        description:
          'For a signed-in user without 2FA: after checking the current password, stores a new TOTP secret (sealed, not yet active) and shows it, with its otpauth URL and QR code, in this answer only. POST /api/security/2fa/verify then turns 2FA on.',
        security: BEARER_OR_COOKIE,
        body: Type.Object(
          { password: PasswordField },
          { additionalProperties: false, examples: [{ password: 'correct horse battery staple' }] },
        ),
        response: {
          200: Type.Object(
            {
              success: Type.Literal(true),
              secret: Type.String({ description: 'base32 TOTP secret', examples: ['JBSWY3DPEHPK3PXP'] }),
              otpauthUrl: Type.String({
                examples: [
                  'otpauth://totp/TRX%20Shop:alice%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=TRX%20Shop',
                ],
              }),
              qrCode: Type.String({
                description: 'PNG data URL of otpauthUrl',
                examples: [
                  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
                ],
              }),
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const setup = await beginTwoFactorSetup(
        { ...twoFactorDeps, passwords: deps.passwords },
        identityOf(request).user.id,
        request.body.password,
      );
      if (!setup.ok) throw setup.error;
      return {
        success: true as const,
        secret: setup.value.secret,
        otpauthUrl: setup.value.otpauthUrl,
        qrCode: await QRCode.toDataURL(setup.value.otpauthUrl),
      };
    },
  );

  app.post(
    '/api/security/2fa/verify',
    {
      ...base,
      schema: {
        tags: ['security'],
        operationId: 'verifyTwoFactor',
        summary: 'Activate 2FA with a code from the authenticator',
        description:
          'For a signed-in user who started the setup: turns 2FA on when the code matches the pending secret; from then on login, token creation and withdrawals need a code.',
        security: BEARER_OR_COOKIE,
        body: Type.Object(
          { code: CodeField },
          { additionalProperties: false, examples: [{ code: '492039' }] },
        ),
        response: {
          200: SuccessMessageResponse('Two-factor authentication enabled'),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const verified = await verifyTwoFactor(twoFactorDeps, identityOf(request).user.id, request.body.code);
      if (!verified.ok) throw verified.error;
      return { success: true as const, message: 'Two-factor authentication enabled' };
    },
  );

  app.post(
    '/api/security/2fa/disable',
    {
      ...base,
      schema: {
        tags: ['security'],
        operationId: 'disableTwoFactor',
        summary: 'Turn 2FA off (needs a current code and the password)',
        description:
          'For a signed-in user with 2FA on: turns it off and deletes the secret, after checking a current code and the password.',
        security: BEARER_OR_COOKIE,
        body: Type.Object(
          { code: CodeField, password: PasswordField },
          {
            additionalProperties: false,
            examples: [{ code: '492039', password: 'correct horse battery staple' }],
          },
        ),
        response: {
          200: SuccessMessageResponse('Two-factor authentication disabled'),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const disabled = await disableTwoFactor(
        { ...twoFactorDeps, passwords: deps.passwords },
        identityOf(request).user.id,
        request.body,
      );
      if (!disabled.ok) throw disabled.error;
      return { success: true as const, message: 'Two-factor authentication disabled' };
    },
  );
};

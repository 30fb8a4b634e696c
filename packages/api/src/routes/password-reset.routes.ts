import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEFAULT_ACCOUNT_MAIL_LIMITS,
  EMAIL_PATTERN,
  requestPasswordReset,
  resetPassword,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { DOMAIN_CHECKED } from '../http/domain-checked.js';
import { errorResponses, MessageResponse, PasswordInput } from '../http/schemas.js';
import { accountMailDeps } from '../use-case-deps.js';
import type { RouteOptions } from './route-options.js';

/** The one answer to every well-formed ask, whoever the address belongs to. */
export const RESET_ASKED = 'If an account uses this address, a link to reset its password is on its way';

const ForgotPasswordBody = Type.Object(
  { email: Type.String({ maxLength: 254, pattern: EMAIL_PATTERN, [DOMAIN_CHECKED]: ['pattern'] }) },
  { additionalProperties: false, examples: [{ email: 'ann@example.com' }] },
);

const ResetPasswordBody = Type.Object(
  {
    token: Type.String({
      minLength: 1,
      maxLength: 256,
      description: 'the token of the mailed link (`/reset-password?token=...`)',
    }),
    password: PasswordInput,
    passwordConfirm: { ...PasswordInput, description: 'the password again; must be equal to it' },
  },
  {
    additionalProperties: false,
    examples: [
      {
        token: 'q0V4m8yM1hQ9c3yFh2o3nW8i1R7vJt5kXy2sA6dE0bU',
        password: 'correct horse battery staple',
        passwordConfirm: 'correct horse battery staple',
      },
    ],
  },
);

export const passwordResetRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (
  app,
  { deps, settings },
) => {
  const mailDeps = accountMailDeps(deps);
  const limits = settings.passwordResetLimits ?? DEFAULT_ACCOUNT_MAIL_LIMITS;

  app.post(
    '/api/auth/password/forgot',
    {
      config: { rateLimit: app.strictRateLimit },
      schema: {
        tags: ['auth'],
        operationId: 'requestPasswordReset',
        summary: 'Ask for a password reset link by mail; answers the same for any address',
        description:
          'Anyone may call it: queues a mail with a link to reset the password (valid 30 minutes, replacing any earlier link) when the address belongs to an active account, and answers the same 200 whether it does, is blocked or is unknown. Strictly rate-limited per client address, and limited per email address (429 RATE_LIMITED).',
        body: ForgotPasswordBody,
        response: { 200: MessageResponse(RESET_ASKED), ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const asked = await requestPasswordReset(mailDeps, request.body.email, limits);
      if (!asked.ok) throw asked.error;
      return { message: RESET_ASKED };
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      config: { rateLimit: app.strictRateLimit },
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Set a new password with a mailed reset token; ends every session of the account',
        description:
          'Whoever holds a reset link: sets the new password (the registration rules) and spends the token, which works once; every session and refresh token of the account ends, and a "password changed" notice is mailed. An unknown, used, expired or replaced token answers 400 INVALID_RESET_TOKEN.',
        body: ResetPasswordBody,
        response: {
          200: MessageResponse('Password reset; sign in with the new password'),
          ...errorResponses(400),
        },
      },
    },
    async (request) => {
      const reset = await resetPassword(mailDeps, request.body, {
        userAgent: request.headers['user-agent'] ?? '',
        ipAddress: request.ip ?? '',
      });
      if (!reset.ok) throw reset.error;
      return { message: 'Password reset; sign in with the new password' };
    },
  );
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEFAULT_VERIFICATION_RESEND_LIMITS, resendEmailVerification, verifyEmail } from '@trx-shop/domain';
import { Type } from 'typebox';
import { errorResponses, MessageResponse, MessageText } from '../http/schemas.js';
import { identityOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import { accountMailDeps } from '../use-case-deps.js';
import type { RouteOptions } from './route-options.js';

const VERIFIED = 'Email address confirmed';
const RESENT = 'A new confirmation link is on its way';
const ALREADY_VERIFIED = 'This email address is confirmed already';

const VerifyEmailBody = Type.Object(
  {
    token: Type.String({
      minLength: 1,
      maxLength: 256,
      description: 'the token of the mailed link (`/verify-email?token=...`)',
    }),
  },
  { additionalProperties: false, examples: [{ token: 'q0V4m8yM1hQ9c3yFh2o3nW8i1R7vJt5kXy2sA6dE0bU' }] },
);

const ResendResponse = Type.Object(
  {
    message: MessageText(RESENT),
    sent: Type.Boolean({ description: 'false when the address was confirmed already: no mail is sent' }),
  },
  { additionalProperties: false, examples: [{ message: RESENT, sent: true }] },
);

export const emailVerificationRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (
  app,
  { deps, settings },
) => {
  const mailDeps = accountMailDeps(deps);
  const limits = settings.verificationResendLimits ?? DEFAULT_VERIFICATION_RESEND_LIMITS;

  app.post(
    '/api/auth/email/verify',
    {
      config: { rateLimit: app.strictRateLimit },
      schema: {
        tags: ['auth'],
        operationId: 'verifyEmail',
        summary: 'Confirm the account’s email address with a mailed token',
        description:
          'Whoever holds a verification link (no sign-in needed: the link may be opened on another device): marks the address confirmed and spends the token, which works once and for 24 hours. An unknown, used, expired or replaced token, or one mailed to an address the account no longer has, answers 400 INVALID_VERIFICATION_TOKEN. Strictly rate-limited per client address.',
        body: VerifyEmailBody,
        response: { 200: MessageResponse(VERIFIED), ...errorResponses(400) },
      },
    },
    async (request) => {
      const verified = await verifyEmail(mailDeps, request.body.token);
      if (!verified.ok) throw verified.error;
      return { message: VERIFIED };
    },
  );

  app.post(
    '/api/auth/email/resend',
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'resendEmailVerification',
        summary: 'Mail a new link to confirm the caller’s email address',
        description:
          'For a signed-in user whose address is unconfirmed: mails a new link (24 hours) to the current address, and the older link stops working. A confirmed address answers 200 with `sent: false` and mails nothing. Limited per account (3 an hour; 429 RATE_LIMITED).',
        security: BEARER_OR_COOKIE,
        response: { 200: ResendResponse, ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const resent = await resendEmailVerification(mailDeps, identityOf(request).user.id, limits);
      if (!resent.ok) throw resent.error;
      return resent.value.sent ? { message: RESENT, sent: true } : { message: ALREADY_VERIFIED, sent: false };
    },
  );
};

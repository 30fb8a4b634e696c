import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type Authenticated,
  domainError,
  EMAIL_PATTERN,
  loginUser,
  logout,
  refreshSession,
  registerUser,
} from '@trx-shop/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { domainLogger } from '../adapters/fastify-logger.js';
import { LOGIN_STATUS_OVERRIDES } from '../http/error-status.js';
import { clearAuthCookies, REFRESH_COOKIE, setAuthCookies } from '../auth/auth-cookies.js';
import { ACCESS_TOKEN_TTL_S } from '../auth/token-service.js';
import { DOMAIN_CHECKED } from '../http/domain-checked.js';
import {
  errorResponses,
  MessageResponse,
  MessageText,
  PasswordInput,
  UsernameInput,
} from '../http/schemas.js';
import { accessTokenOf, identityOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import {
  AuthProfileView,
  AuthUserView,
  presentAuthProfile,
  presentAuthUser,
  presentRegisteredUser,
  RegisteredUserView,
} from './presenters/user.presenter.js';
import type { RouteOptions } from './route-options.js';
import { identityDeps } from '../use-case-deps.js';

const RegisterBody = Type.Object(
  {
    email: Type.String({ maxLength: 254, pattern: EMAIL_PATTERN, [DOMAIN_CHECKED]: ['pattern'] }),
    username: UsernameInput,
    password: PasswordInput,
    passwordConfirm: { ...PasswordInput, description: 'the password again; must be equal to it' },
  },
  {
    additionalProperties: false,
    examples: [
      {
        email: 'ann@example.com',
        username: 'ann',
        password: 'correct horse battery staple',
        passwordConfirm: 'correct horse battery staple',
      },
    ],
  },
);

const LoginBody = Type.Object(
  {
    email: Type.String({ maxLength: 254 }),
    password: Type.String({ maxLength: 1024 }),
    code: Type.Optional(Type.String({ maxLength: 16, description: 'TOTP code, required when 2FA is on' })),
  },
  {
    additionalProperties: false,
    examples: [{ email: 'ann@example.com', password: 'correct horse battery staple', code: '492039' }],
  },
);

const RefreshTokensBody = Type.Object(
  {
    refreshToken: Type.String({
      minLength: 1,
      maxLength: 4096,
      description: 'The refresh token of the last pair this session was given; each is accepted once',
    }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        refreshToken:
          'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2NzYwYzBmNGExYjJjM2Q0ZTVmNjA3MTgifQ.c2lnbmF0dXJl',
      },
    ],
  },
);

/** What apps that cannot keep cookies get instead of them. */
const TokenPair = Type.Object(
  {
    accessToken: Type.String({
      description: 'JWT; send it as `Authorization: Bearer <accessToken>`',
      examples: [
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2NzYwYzBmNGExYjJjM2Q0ZTVmNjA3MDEifQ.YWNjZXNz',
      ],
    }),
    refreshToken: Type.String({
      description: 'JWT, valid 7 days; POST /api/auth/tokens/refresh trades it for a new pair, once',
      examples: [
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2NzYwYzBmNGExYjJjM2Q0ZTVmNjA3MDEifQ.cmVmcmVzaA',
      ],
    }),
    expiresIn: Type.Integer({ description: "The access token's lifetime in seconds", examples: [900] }),
  },
  { additionalProperties: false },
);

export const authRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps, settings }) => {
  const identity = identityDeps(deps, domainLogger(app.log));
  const client = (request: FastifyRequest) => ({
    userAgent: request.headers['user-agent'] ?? '',
    ipAddress: request.ip ?? '',
  });
  /** The session's tokens: the refresh token carries the session's one current refresh token id. */
  const issueTokens = ({ user, session }: Authenticated) => ({
    access: app.tokens.issueAccess({ sub: user.id, role: user.role, sid: session.id }),
    refresh: app.tokens.issueRefresh({ sub: user.id, sid: session.id, jti: session.refreshTokenId }),
  });
  const issueCookies = (reply: FastifyReply, authenticated: Authenticated) =>
    setAuthCookies(reply, settings.production, issueTokens(authenticated));
  /** Tokens in a body: no cookie, and never kept by a cache (RFC 6749, 5.1). */
  const tokenPair = (reply: FastifyReply, authenticated: Authenticated) => {
    reply.header('cache-control', 'no-store');
    const { access, refresh } = issueTokens(authenticated);
    return { accessToken: access, refreshToken: refresh, expiresIn: ACCESS_TOKEN_TTL_S };
  };
  /** A presented refresh token's claims, as both refresh flows check them. */
  const refreshClaimsOf = (token: string | undefined) => {
    const claims = token ? app.tokens.verifyRefresh(token) : null;
    if (!claims) throw domainError('UNAUTHENTICATED', 'Refresh token required');
    if (!claims.ok) throw claims.error;
    return { userId: claims.value.sub, sessionId: claims.value.sid, tokenId: claims.value.jti };
  };

  app.post(
    '/api/auth/register',
    {
      config: { rateLimit: app.strictRateLimit },
      schema: {
        tags: ['auth'],
        operationId: 'register',
        summary: 'Register; creates the custodial wallet and sets the auth cookies',
        description:
          'Anyone may call it: creates a user account with its own custodial TRON wallet (the key stored sealed), opens a first session and sets the accessToken and refreshToken cookies, and mails a link to confirm the address (`/verify-email?token=...`, 24 hours). Emails and usernames are unique regardless of case.',
        body: RegisterBody,
        response: {
          201: Type.Object(
            { message: MessageText('User registered successfully'), user: RegisteredUserView },
            { additionalProperties: false },
          ),
          ...errorResponses(409),
        },
      },
    },
    async (request, reply) => {
      const registered = await registerUser(
        { ...identity, store: deps.store, tokens: deps.accountTokenCodec },
        request.body,
        client(request),
      );
      if (!registered.ok) throw registered.error;
      issueCookies(reply, registered.value);
      return reply.status(201).send({
        message: 'User registered successfully',
        user: presentRegisteredUser(registered.value.user),
      });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: app.strictRateLimit, statusOverrides: LOGIN_STATUS_OVERRIDES },
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Log in with email and password (and the TOTP code when 2FA is on)',
        description:
          'Anyone may call it: checks the email and password (and the TOTP code when 2FA is on), opens a session, records the login time and sets the auth cookies. Strictly rate-limited, with a per-account throttle after failures.',
        body: LoginBody,
        response: {
          200: Type.Object(
            { message: MessageText('Login successful'), user: AuthUserView },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request, reply) => {
      const loggedIn = await loginUser(identity, request.body, client(request));
      if (!loggedIn.ok) throw loggedIn.error;
      issueCookies(reply, loggedIn.value);
      return { message: 'Login successful', user: presentAuthUser(loggedIn.value.user) };
    },
  );

  app.get(
    '/api/auth/profile',
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['auth'],
        operationId: 'getCurrentUser',
        summary: 'The logged-in user',
        description:
          "For a signed-in user (or admin): the caller's own account as login answers it, with the last login time; changes nothing.",
        security: BEARER_OR_COOKIE,
        response: {
          200: Type.Object({ user: AuthProfileView }, { additionalProperties: false }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => ({ user: presentAuthProfile(identityOf(request).user) }),
  );

  const refresh = async (request: FastifyRequest, reply: FastifyReply) => {
    const refreshed = await refreshSession(identity, refreshClaimsOf(request.cookies[REFRESH_COOKIE]));
    if (!refreshed.ok) {
      clearAuthCookies(reply, settings.production);
      throw refreshed.error;
    }
    issueCookies(reply, refreshed.value);
    return { message: 'Token refreshed' };
  };
  const refreshSchema = (deprecated: boolean) => ({
    tags: ['auth'],
    operationId: deprecated ? 'refreshSessionLegacy' : 'refreshSession',
    summary: deprecated
      ? 'Alias of POST /api/auth/refresh'
      : 'New access cookie from the refresh cookie (rotates it)',
    description: deprecated
      ? 'Deprecated alias of POST /api/auth/refresh, with the same cookies, rules and answer.'
      : 'Whoever holds the refreshToken cookie (no access token needed): sets a new access cookie and rotates the refresh cookie; presenting an already used refresh token ends its session (theft detection).',
    deprecated,
    response: { 200: MessageResponse('Token refreshed'), ...errorResponses(401, 403) },
  });
  app.post(
    '/api/auth/refresh',
    { config: { rateLimit: app.strictRateLimit }, schema: refreshSchema(false) },
    refresh,
  );
  app.post(
    '/api/auth/refresh-token',
    { config: { rateLimit: app.strictRateLimit }, schema: refreshSchema(true) },
    refresh,
  );

  // Apps that cannot use cookies: the same sessions, rotation and reuse detection, the
  // same strict limit and login throttle (the `strictRateLimit` config) and login's 2FA rule.
  app.post(
    '/api/auth/tokens',
    {
      config: { rateLimit: app.strictRateLimit, statusOverrides: LOGIN_STATUS_OVERRIDES },
      schema: {
        tags: ['auth'],
        operationId: 'createTokens',
        summary:
          'Log in without cookies: an access and a refresh token (the TOTP code when 2FA is on); sets no cookie',
        description:
          'Anyone may call it: logs in exactly as POST /api/auth/login does but answers the access and refresh tokens in the body and sets no cookie, for apps that cannot keep cookies. The session it opens is listed, revoked and ended like any other.',
        body: LoginBody,
        response: { 200: TokenPair, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const loggedIn = await loginUser(identity, request.body, client(request));
      if (!loggedIn.ok) throw loggedIn.error;
      return tokenPair(reply, loggedIn.value);
    },
  );

  app.post(
    '/api/auth/tokens/refresh',
    {
      config: { rateLimit: app.strictRateLimit },
      schema: {
        tags: ['auth'],
        operationId: 'refreshTokens',
        summary:
          'A new token pair for a refresh token (rotates it; an old one presented again ends the session); sets no cookie',
        description:
          'Whoever holds a refresh token from POST /api/auth/tokens may trade it, once, for a new pair of the same session; presenting a spent one again ends that session (theft detection). Sets no cookie.',
        body: RefreshTokensBody,
        response: { 200: TokenPair, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const refreshed = await refreshSession(identity, refreshClaimsOf(request.body.refreshToken));
      if (!refreshed.ok) throw refreshed.error;
      return tokenPair(reply, refreshed.value);
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        operationId: 'logout',
        summary: 'Clear the auth cookies and end the session',
        description:
          'Anyone may call it, signed in or not: ends the session of the access token (or of the refresh cookie) and clears both auth cookies. It always answers 200, so a client can always drop its cookies.',
        response: { 200: MessageResponse('Logged out successfully') },
      },
    },
    async (request, reply) => {
      const access = accessTokenOf(request);
      const accessClaims = access ? app.tokens.verifyAccess(access) : null;
      const refreshToken = request.cookies[REFRESH_COOKIE];
      const refreshClaims = refreshToken ? app.tokens.verifyRefresh(refreshToken) : null;
      const sessionId = accessClaims?.ok
        ? accessClaims.value.sid
        : refreshClaims?.ok
          ? refreshClaims.value.sid
          : null;
      await logout({ sessions: deps.store.sessions }, sessionId);
      clearAuthCookies(reply, settings.production);
      return { message: 'Logged out successfully' };
    },
  );
};

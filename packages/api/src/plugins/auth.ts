import cookie from '@fastify/cookie';
import jwt, { type JWT } from '@fastify/jwt';
import {
  type ApiKey,
  type ApiKeyScope,
  authenticateApiKey,
  type EventActor,
  authenticateRequest,
  type DomainError,
  domainError,
  type RequestIdentity,
  type User,
} from '@trx-shop/domain';
import { apiKeyOf } from '../adapters/api-key-codec.js';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_COOKIE } from '../auth/auth-cookies.js';
import { createTokenService, type TokenService } from '../auth/token-service.js';
import { createVerifiedTokenMemo } from '../auth/verified-token-memo.js';
import type { AppDeps } from '../app-deps.js';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /**
     * The one way a token becomes an identity, for HTTP requests and WebSockets alike: a valid
     * access token of an active session of an active user.
     */
    identifyAccessToken(token: string | null): Promise<RequestIdentity>;
    /** preValidation: a valid access token of an active session of an active user. */
    requireUser: preValidationAsyncHookHandler;
    /**
     * preValidation: as requireUser, and the user's stored role is admin; or an API key granted
     * the route's `config.apiKeyScope`, acting as the admin who made it.
     */
    requireAdmin: preValidationAsyncHookHandler;
  }
  interface FastifyRequest {
    identity: RequestIdentity | null;
    /** The admin behind an admin route's request, signed in or by API key. */
    admin: AdminCaller | null;
  }
  interface FastifyContextConfig {
    /** The scope an API key needs on this admin route; absent: API keys cannot use it. */
    apiKeyScope?: ApiKeyScope;
  }
}

/** Who acts on an admin route: the admin, from a session or through one of their API keys. */
export interface AdminCaller {
  readonly user: User;
  readonly sessionId: string | null;
  readonly apiKey: ApiKey | null;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    namespaces: 'access' | 'refresh';
  }
}

/** `Authorization: Bearer` wins over the cookie: a client that sends one means it. */
export const accessTokenOf = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  return request.cookies[ACCESS_COOKIE] ?? null;
};

/** Access tokens the token service remembers once checked: a few hundred bytes each. */
const VERIFIED_ACCESS_TOKENS = 5_000;

export interface AuthOptions {
  readonly deps: Pick<AppDeps, 'store' | 'clock' | 'apiKeyCodec'>;
  readonly accessSecret: string;
  readonly refreshSecret: string;
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthOptions) => {
    await app.register(cookie);
    // One verifier per secret, made once: a verify call with options of its own builds a new
    // verifier (and key object) every time, a fifth of an authenticated request's CPU. The token
    // times are checked by the token service on the service clock instead (token-service.ts).
    const verify = { algorithms: ['HS256' as const], ignoreExpiration: true, ignoreNotBefore: true };
    await app.register(jwt, { secret: options.accessSecret, namespace: 'access', verify });
    await app.register(jwt, { secret: options.refreshSecret, namespace: 'refresh', verify });
    const signers = app.jwt as unknown as { access: JWT; refresh: JWT };
    // A client sends its access token with every request until it expires, so the token service
    // remembers the tokens it checked instead of decoding and signing each again. A failed check
    // is never remembered; a token's times are still checked on every request, and its session
    // and user still read (authenticateRequest).
    app.decorate(
      'tokens',
      createTokenService(
        signers,
        () => options.deps.clock.now(),
        createVerifiedTokenMemo(VERIFIED_ACCESS_TOKENS),
      ),
    );
    app.decorateRequest('identity', null);
    app.decorateRequest('admin', null);

    const identifyAccessToken = async (token: string | null): Promise<RequestIdentity> => {
      if (!token) throw domainError('UNAUTHENTICATED', 'Authentication required');
      const claims = app.tokens.verifyAccess(token);
      if (!claims.ok) throw claims.error;
      const { store, clock } = options.deps;
      const identity = await authenticateRequest(
        { sessions: store.sessions, clock },
        claims.value.sub,
        claims.value.sid,
      );
      if (!identity.ok) throw identity.error;
      return identity.value;
    };
    app.decorate('identifyAccessToken', identifyAccessToken);
    const identify = (request: FastifyRequest) => identifyAccessToken(accessTokenOf(request));

    app.decorate('requireUser', async (request: FastifyRequest) => {
      // A key is for servers reading and running the shop: never paying, withdrawing or a profile.
      if (apiKeyOf(request.headers) !== null) {
        throw domainError('INSUFFICIENT_SCOPE', 'API keys cannot use this route', { requiredScope: null });
      }
      request.identity = await identify(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const secret = apiKeyOf(request.headers);
      if (secret !== null) {
        const { store, clock, apiKeyCodec } = options.deps;
        const caller = await authenticateApiKey(
          { apiKeys: store.apiKeys, users: store.users, codec: apiKeyCodec, clock },
          secret,
          request.routeOptions.config.apiKeyScope ?? null,
        );
        if (!caller.ok) throw caller.error;
        request.admin = { user: caller.value.creator, sessionId: null, apiKey: caller.value.key };
        return;
      }
      request.identity = await identify(request);
      // The role is read from the store on every request, never trusted from the token alone.
      if (request.identity.user.role !== 'admin') throw forbidden();
      request.admin = { user: request.identity.user, sessionId: request.identity.session.id, apiKey: null };
    });
  },
  { name: 'auth' },
);

const forbidden = (): DomainError => domainError('FORBIDDEN', 'Admin role required');

/** The identity a requireUser/requireAdmin hook established. */
export const identityOf = (request: FastifyRequest): RequestIdentity => {
  if (!request.identity) throw domainError('UNAUTHENTICATED', 'Authentication required');
  return request.identity;
};

/** The admin a requireAdmin hook established (signed in, or by API key). */
export const adminOf = (request: FastifyRequest): AdminCaller => {
  if (!request.admin) throw domainError('UNAUTHENTICATED', 'Authentication required');
  return request.admin;
};

/**
 * The admin behind a request, as the audit trail records them: the session they acted from, or
 * the API key (`api-key:<id>`) that acted as them, and the client's address (behind a trusted
 * proxy, the one it forwarded: TRUST_PROXY).
 */
export const actorOf = (request: FastifyRequest): EventActor => {
  const { user, sessionId, apiKey } = adminOf(request);
  return {
    kind: 'admin',
    id: user.id,
    sessionId: apiKey ? `api-key:${apiKey.id}` : sessionId,
    label: apiKey ? `${user.email} (API key ${apiKey.prefix}…)` : user.email,
    address: request.ip,
  };
};

import cookie from '@fastify/cookie';
import jwt, { type JWT } from '@fastify/jwt';
import {
  type EventActor,
  authenticateRequest,
  type DomainError,
  domainError,
  type RequestIdentity,
} from '@trx-shop/domain';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_COOKIE } from '../auth/auth-cookies.js';
import { createTokenService, type TokenService } from '../auth/token-service.js';
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
    /** preValidation: as requireUser, and the user's stored role is admin. */
    requireAdmin: preValidationAsyncHookHandler;
  }
  interface FastifyRequest {
    identity: RequestIdentity | null;
  }
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

export interface AuthOptions {
  readonly deps: Pick<AppDeps, 'store' | 'clock'>;
  readonly accessSecret: string;
  readonly refreshSecret: string;
}

export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthOptions) => {
    await app.register(cookie);
    await app.register(jwt, { secret: options.accessSecret, namespace: 'access' });
    await app.register(jwt, { secret: options.refreshSecret, namespace: 'refresh' });
    const signers = app.jwt as unknown as { access: JWT; refresh: JWT };
    app.decorate(
      'tokens',
      createTokenService(signers, () => options.deps.clock.now()),
    );
    app.decorateRequest('identity', null);

    const identifyAccessToken = async (token: string | null): Promise<RequestIdentity> => {
      if (!token) throw domainError('UNAUTHENTICATED', 'Authentication required');
      const claims = app.tokens.verifyAccess(token);
      if (!claims.ok) throw claims.error;
      const { store, clock } = options.deps;
      const identity = await authenticateRequest(
        { users: store.users, sessions: store.sessions, clock },
        claims.value.sub,
        claims.value.sid,
      );
      if (!identity.ok) throw identity.error;
      return identity.value;
    };
    app.decorate('identifyAccessToken', identifyAccessToken);
    const identify = (request: FastifyRequest) => identifyAccessToken(accessTokenOf(request));

    app.decorate('requireUser', async (request: FastifyRequest) => {
      request.identity = await identify(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      request.identity = await identify(request);
      // The role is read from the store on every request, never trusted from the token alone.
      if (request.identity.user.role !== 'admin') throw forbidden();
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

/** The signed-in admin behind a request, as the audit trail records them. */
export const actorOf = (request: FastifyRequest): EventActor => {
  const { user, session } = identityOf(request);
  return { kind: 'admin', id: user.id, sessionId: session.id, label: user.email };
};

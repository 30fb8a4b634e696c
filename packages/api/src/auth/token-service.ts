import { type DomainError, domainError, err, ok, type Result, type Role } from '@trx-shop/domain';
import type { JWT } from '@fastify/jwt';
import type { VerifiedTokens } from '../caching/verified-tokens.js';

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 7 * 24 * 60 * 60;

export interface AccessClaims {
  readonly sub: string;
  readonly role: Role;
  readonly sid: string;
}

export interface RefreshClaims {
  readonly sub: string;
  readonly sid: string;
  readonly jti: string;
}

export interface TokenService {
  issueAccess(claims: AccessClaims): string;
  issueRefresh(claims: RefreshClaims): string;
  verifyAccess(token: string): Result<AccessClaims, DomainError>;
  verifyRefresh(token: string): Result<RefreshClaims, DomainError>;
}

const unauthenticated = (): DomainError => domainError('UNAUTHENTICATED', 'Authentication required');

const expired = (): DomainError => domainError('TOKEN_EXPIRED', 'Access token expired; refresh and retry');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * JWT times (RFC 7519, in seconds) as fast-jwt checks them: a token is good from its `nbf` up to
 * and including the millisecond its `exp` names; a time that is not a number is not ours.
 */
const timesOf = (payload: Record<string, unknown>, nowMs: number): 'valid' | 'expired' | 'invalid' => {
  const { exp, nbf } = payload;
  if (nbf !== undefined && (typeof nbf !== 'number' || nowMs < nbf * 1000)) return 'invalid';
  if (exp === undefined) return 'valid';
  if (typeof exp !== 'number') return 'invalid';
  return nowMs <= exp * 1000 ? 'valid' : 'expired';
};

/**
 * Access and refresh tokens are signed with different secrets and carry a `typ` claim, so
 * neither is ever accepted in place of the other. Only HS256 is accepted (no `alg: none`).
 * Times come from the service clock, so tests can expire tokens without waiting.
 */
export const createTokenService = (
  jwt: { access: JWT; refresh: JWT },
  now: () => Date,
  verifiedAccess?: VerifiedTokens,
): TokenService => {
  const clockTimestamp = () => now().getTime();
  const signedPayload = (signer: JWT, token: string, verified: VerifiedTokens | undefined): unknown => {
    const remembered = verified?.payloadOf(token);
    if (remembered !== undefined) return remembered;
    // Signature and algorithm (HS256 only) by the verifier registered once per secret
    // (plugins/auth.ts); its times are checked below, on the service clock, cached or not.
    const payload: unknown = signer.verify(token);
    if (verified !== undefined && isRecord(payload)) verified.remember(token, payload);
    return payload;
  };
  const verify = (
    signer: JWT,
    token: string,
    typ: string,
    verified?: VerifiedTokens,
  ): Result<Record<string, unknown>, DomainError> => {
    let payload: unknown;
    try {
      payload = signedPayload(signer, token, verified);
    } catch {
      return err(unauthenticated());
    }
    if (!isRecord(payload) || payload.typ !== typ) return err(unauthenticated());
    const times = timesOf(payload, clockTimestamp());
    return times === 'valid' ? ok(payload) : err(times === 'expired' ? expired() : unauthenticated());
  };
  return {
    issueAccess: (claims) =>
      jwt.access.sign(
        { ...claims, typ: 'access' },
        { expiresIn: ACCESS_TOKEN_TTL_S, clockTimestamp: clockTimestamp() },
      ),
    issueRefresh: (claims) =>
      jwt.refresh.sign(
        { ...claims, typ: 'refresh' },
        { expiresIn: REFRESH_TOKEN_TTL_S, clockTimestamp: clockTimestamp() },
      ),
    verifyAccess: (token) => {
      const verified = verify(jwt.access, token, 'access', verifiedAccess);
      if (!verified.ok) return verified;
      const { sub, role, sid } = verified.value;
      if (typeof sub !== 'string' || typeof sid !== 'string' || (role !== 'user' && role !== 'admin')) {
        return err(unauthenticated());
      }
      return ok({ sub, role, sid });
    },
    verifyRefresh: (token) => {
      // An expired refresh token simply means "log in again".
      const verified = verify(jwt.refresh, token, 'refresh');
      if (!verified.ok) return err(unauthenticated());
      const { sub, sid, jti } = verified.value;
      if (typeof sub !== 'string' || typeof sid !== 'string' || typeof jti !== 'string')
        return err(unauthenticated());
      return ok({ sub, sid, jti });
    },
  };
};

import { type DomainError, domainError, err, ok, type Result, type Role } from '@trx-shop/domain';
import type { JWT } from '@fastify/jwt';

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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Access and refresh tokens are signed with different secrets and carry a `typ` claim, so
 * neither is ever accepted in place of the other. Only HS256 is accepted (no `alg: none`).
 * Times come from the service clock, so tests can expire tokens without waiting.
 */
export const createTokenService = (jwt: { access: JWT; refresh: JWT }, now: () => Date): TokenService => {
  const clockTimestamp = () => now().getTime();
  const verify = (signer: JWT, token: string, typ: string): Result<Record<string, unknown>, DomainError> => {
    try {
      const payload: unknown = signer.verify(token, {
        algorithms: ['HS256'],
        clockTimestamp: clockTimestamp(),
      });
      if (!isRecord(payload) || payload.typ !== typ) return err(unauthenticated());
      return ok(payload);
    } catch (error) {
      const code = isRecord(error) ? error.code : undefined;
      return err(
        code === 'FAST_JWT_EXPIRED'
          ? domainError('TOKEN_EXPIRED', 'Access token expired; refresh and retry')
          : unauthenticated(),
      );
    }
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
      const verified = verify(jwt.access, token, 'access');
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

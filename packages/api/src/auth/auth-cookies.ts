import type { FastifyReply } from 'fastify';
import { REFRESH_TOKEN_TTL_S } from './token-service.js';

export const ACCESS_COOKIE = 'accessToken';
export const REFRESH_COOKIE = 'refreshToken';

/** Specification, Authentication 2: httpOnly, secure only in production, sameSite strict, 7 days. */
const cookieOptions = (production: boolean) =>
  ({
    httpOnly: true,
    secure: production,
    sameSite: 'strict',
    path: '/',
    maxAge: REFRESH_TOKEN_TTL_S,
  }) as const;

export const setAuthCookies = (
  reply: FastifyReply,
  production: boolean,
  tokens: { readonly access: string; readonly refresh?: string },
): void => {
  reply.setCookie(ACCESS_COOKIE, tokens.access, cookieOptions(production));
  if (tokens.refresh) reply.setCookie(REFRESH_COOKIE, tokens.refresh, cookieOptions(production));
};

export const clearAuthCookies = (reply: FastifyReply, production: boolean): void => {
  const { maxAge: _ignored, ...options } = cookieOptions(production);
  reply.clearCookie(ACCESS_COOKIE, options);
  reply.clearCookie(REFRESH_COOKIE, options);
};

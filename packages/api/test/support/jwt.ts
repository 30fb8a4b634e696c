import { createHmac } from 'node:crypto';

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

export const decodeJwtPayload = (token: string): Record<string, unknown> => {
  const payload = token.split('.')[1];
  if (!payload) throw new Error(`not a JWT: ${token}`);
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
};

/** An HS256 JWT signed with `secret`, built by hand so no library decides what is acceptable. */
export const signHs256 = (payload: Record<string, unknown>, secret: string): string => {
  const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
};

/** The same claims with `alg: none` and no signature (the classic forgery). */
export const unsignedToken = (payload: Record<string, unknown>): string =>
  `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;

/** Keeps header and signature, swaps the payload: the signature no longer matches. */
export const withPayload = (token: string, payload: Record<string, unknown>): string => {
  const [header, , signature] = token.split('.');
  return `${header}.${base64url(payload)}.${signature}`;
};

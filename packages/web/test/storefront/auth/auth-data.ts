import type { components } from '@trx-shop/client';

type Schemas = components['schemas'];

export const CURRENT_USER = '/api/auth/profile';

/** `GET /api/auth/profile` signed out: the shell and the ways in read it as "nobody". */
export const signedOut = {
  method: 'GET',
  path: CURRENT_USER,
  status: 401,
  body: { success: false, code: 'UNAUTHENTICATED', error: 'Authentication required' },
} as const;

/** `GET /api/auth/profile` once `username` is signed in. */
export const signedInAs = (username = 'ann') => ({
  method: 'GET' as const,
  path: CURRENT_USER,
  body: {
    user: {
      id: '6760c0f4a1b2c3d4e5f60701',
      email: `${username}@example.com`,
      username,
      role: 'user',
      wallet: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      createdAt: '2026-03-01T09:58:00.000Z',
      lastLogin: null,
    },
  } satisfies Schemas['GetCurrentUserResponse'],
});

export const registered = (): Schemas['RegisterResponse'] => ({
  message: 'User registered successfully',
  user: {
    id: '6760c0f4a1b2c3d4e5f60701',
    email: 'ann@example.com',
    username: 'ann',
    role: 'user',
    wallet: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', balance: 0 },
  },
});

import type { components } from '@trx-shop/client';

type Schemas = components['schemas'];

/** The admin as `GET /api/users/profile` answers it: 2FA off. */
export const aProfile = (overrides: Partial<Schemas['User']> = {}): Schemas['GetProfileResponse'] => ({
  success: true,
  user: {
    _id: '6760c0f4a1b2c3d4e5f60702',
    email: 'owner@shop.example',
    username: 'owner',
    role: 'admin',
    wallet: { address: null, externalAddress: null },
    phone: null,
    country: 'DE',
    twoFactorEnabled: false,
    isActive: true,
    emailVerified: true,
    lastLogin: '2026-03-01T09:58:00.000Z',
    createdAt: '2026-01-02T08:00:00.000Z',
    updatedAt: '2026-03-01T09:58:00.000Z',
    ...overrides,
  },
});

export const THIS_SESSION = '6760c0f4a1b2c3d4e5f60790';
export const OTHER_SESSION = '6760c0f4a1b2c3d4e5f60791';

export const sessionsAnswer = (): Schemas['ListSessionsResponse'] => ({
  success: true,
  sessions: [
    {
      _id: THIS_SESSION,
      device: 'Chrome on Linux',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
      ipAddress: '203.0.113.7',
      createdAt: '2026-03-01T09:58:00.000Z',
      lastActive: '2026-03-01T10:20:00.000Z',
      isActive: true,
      current: true,
    },
    {
      _id: OTHER_SESSION,
      device: 'Firefox on Windows',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
      ipAddress: '198.51.100.23',
      createdAt: '2026-02-27T08:00:00.000Z',
      lastActive: '2026-02-28T18:00:00.000Z',
      isActive: true,
      current: false,
    },
  ],
});

export const QR_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

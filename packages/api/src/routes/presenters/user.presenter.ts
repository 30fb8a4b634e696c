import { COMPONENT_NAME } from '../../http/components.js';
import type { User } from '@trx-shop/domain';
import { Type } from 'typebox';
import { IsoDate, NullableIsoDate } from '../../http/schemas.js';

/** The user as /api/users shows it: every field but the password hash and the sealed secrets. */
export const UserView = Type.Object(
  {
    _id: Type.String(),
    email: Type.String(),
    username: Type.String(),
    role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
    wallet: Type.Object(
      {
        address: Type.Union([Type.String(), Type.Null()]),
        externalAddress: Type.Union([Type.String(), Type.Null()]),
      },
      { additionalProperties: false },
    ),
    phone: Type.Union([Type.String(), Type.Null()]),
    country: Type.Union([Type.String(), Type.Null()]),
    twoFactorEnabled: Type.Boolean(),
    isActive: Type.Boolean(),
    emailVerified: Type.Boolean({
      description:
        'the address was confirmed with the mailed link (accounts older than the check count as confirmed)',
    }),
    lastLogin: NullableIsoDate,
    createdAt: IsoDate,
    updatedAt: IsoDate,
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'User',
    examples: [
      {
        _id: '6760c0f4a1b2c3d4e5f60701',
        email: 'ann@example.com',
        username: 'ann',
        role: 'user',
        wallet: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', externalAddress: null },
        phone: null,
        country: 'DE',
        twoFactorEnabled: false,
        isActive: true,
        emailVerified: true,
        lastLogin: '2025-01-15T09:58:00.000Z',
        createdAt: '2025-01-02T08:00:00.000Z',
        updatedAt: '2025-01-15T09:58:00.000Z',
      },
    ],
  },
);

export const presentUser = (user: User) => ({
  _id: user.id,
  email: user.email,
  username: user.username,
  role: user.role,
  wallet: { address: user.wallet.address, externalAddress: user.wallet.externalAddress },
  phone: user.phone,
  country: user.country,
  twoFactorEnabled: user.twoFactor.enabled,
  isActive: user.isActive,
  emailVerified: user.emailVerified,
  lastLogin: user.lastLogin?.toISOString() ?? null,
  createdAt: user.createdAt.toISOString(),
  updatedAt: user.updatedAt.toISOString(),
});

const authUserFields = {
  id: Type.String(),
  email: Type.String(),
  username: Type.String(),
  role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
};

/** Registration shows `wallet: {address, balance}`; balance starts at 0 (specification). */
export const RegisteredUserView = Type.Object(
  {
    ...authUserFields,
    wallet: Type.Object(
      { address: Type.Union([Type.String(), Type.Null()]), balance: Type.Number() },
      { additionalProperties: false },
    ),
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'RegisteredUser',
    examples: [
      {
        id: '6760c0f4a1b2c3d4e5f60701',
        email: 'ann@example.com',
        username: 'ann',
        role: 'user',
        wallet: { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', balance: 0 },
      },
    ],
  },
);

/** Login and /api/auth/profile show `wallet` as the address string. */
export const AuthUserView = Type.Object(
  { ...authUserFields, wallet: Type.Union([Type.String(), Type.Null()]) },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'AuthUser',
    examples: [
      {
        id: '6760c0f4a1b2c3d4e5f60701',
        email: 'ann@example.com',
        username: 'ann',
        role: 'user',
        wallet: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      },
    ],
  },
);

export const AuthProfileView = Type.Object(
  {
    ...authUserFields,
    wallet: Type.Union([Type.String(), Type.Null()]),
    createdAt: IsoDate,
    lastLogin: NullableIsoDate,
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'AuthProfile',
    examples: [
      {
        id: '6760c0f4a1b2c3d4e5f60701',
        email: 'ann@example.com',
        username: 'ann',
        role: 'user',
        wallet: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
        createdAt: '2025-01-02T08:00:00.000Z',
        lastLogin: null,
      },
    ],
  },
);

const authUser = (user: User) => ({
  id: user.id,
  email: user.email,
  username: user.username,
  role: user.role,
});

export const presentRegisteredUser = (user: User) => ({
  ...authUser(user),
  wallet: { address: user.wallet.address, balance: 0 },
});

export const presentAuthUser = (user: User) => ({ ...authUser(user), wallet: user.wallet.address });

export const presentAuthProfile = (user: User) => ({
  ...presentAuthUser(user),
  createdAt: user.createdAt.toISOString(),
  lastLogin: user.lastLogin?.toISOString() ?? null,
});

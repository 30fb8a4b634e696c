import type { Role, User } from '@trx-shop/domain';
import { dateOrNull, flag } from '../sqlite-database.js';

export interface UserRow {
  id: string;
  email: string;
  email_key: string;
  username: string;
  username_key: string;
  password_hash: string;
  role: string;
  wallet_address: string | null;
  wallet_encrypted_key: string | null;
  wallet_external_address: string | null;
  phone: string | null;
  country: string | null;
  two_factor_enabled: number;
  two_factor_secret: string | null;
  two_factor_last_step: number | null;
  is_active: number;
  email_verified: number;
  last_login: number | null;
  created_at: number;
  updated_at: number;
}

/** The unique-key form of an email or username: uniqueness and lookups ignore case. */
export const caseKey = (text: string): string => text.toLowerCase();

export const USER_COLUMNS =
  'id, email, email_key, username, username_key, password_hash, role, wallet_address, wallet_encrypted_key, ' +
  'wallet_external_address, phone, country, two_factor_enabled, two_factor_secret, two_factor_last_step, ' +
  'is_active, email_verified, last_login, created_at, updated_at';

export const USER_COLUMN_NAMES: readonly string[] = USER_COLUMNS.split(', ');

const toRole = (value: string): Role => (value === 'admin' ? 'admin' : 'user');

export const userFromRow = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  username: row.username,
  passwordHash: row.password_hash,
  role: toRole(row.role),
  wallet: {
    address: row.wallet_address,
    encryptedPrivateKey: row.wallet_encrypted_key,
    externalAddress: row.wallet_external_address,
  },
  phone: row.phone,
  country: row.country,
  twoFactor: {
    enabled: row.two_factor_enabled === 1,
    encryptedSecret: row.two_factor_secret,
    lastAcceptedStep: row.two_factor_last_step,
  },
  isActive: row.is_active === 1,
  emailVerified: row.email_verified === 1,
  lastLogin: dateOrNull(row.last_login),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

export const userToRow = (user: User): UserRow => ({
  id: user.id,
  email: user.email,
  email_key: caseKey(user.email),
  username: user.username,
  username_key: caseKey(user.username),
  password_hash: user.passwordHash,
  role: user.role,
  wallet_address: user.wallet.address,
  wallet_encrypted_key: user.wallet.encryptedPrivateKey,
  wallet_external_address: user.wallet.externalAddress,
  phone: user.phone,
  country: user.country,
  two_factor_enabled: flag(user.twoFactor.enabled),
  two_factor_secret: user.twoFactor.encryptedSecret,
  two_factor_last_step: user.twoFactor.lastAcceptedStep,
  is_active: flag(user.isActive),
  email_verified: flag(user.emailVerified),
  last_login: user.lastLogin?.getTime() ?? null,
  created_at: user.createdAt.getTime(),
  updated_at: user.updatedAt.getTime(),
});

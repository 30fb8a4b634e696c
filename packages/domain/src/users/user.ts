export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface UserWallet {
  /** The custodial TRON address (base58), created at registration. */
  readonly address: string | null;
  /** The custodial private key, sealed by the key vault; never leaves the service. */
  readonly encryptedPrivateKey: string | null;
  /** An external address the user connected; informational, never used to sign. */
  readonly externalAddress: string | null;
}

export interface TwoFactorState {
  readonly enabled: boolean;
  /** TOTP secret sealed by the key vault; present from setup on, active once `enabled`. */
  readonly encryptedSecret: string | null;
  /** The last accepted TOTP time step, so a code is accepted once. */
  readonly lastAcceptedStep: number | null;
}

export interface User {
  readonly id: string;
  readonly email: string;
  readonly username: string;
  readonly passwordHash: string;
  readonly role: Role;
  readonly wallet: UserWallet;
  readonly phone: string | null;
  readonly country: string | null;
  readonly twoFactor: TwoFactorState;
  readonly isActive: boolean;
  /** The account's address was confirmed with a mailed link (accounts older than the check count as confirmed). */
  readonly emailVerified: boolean;
  readonly lastLogin: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const USERNAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 8;

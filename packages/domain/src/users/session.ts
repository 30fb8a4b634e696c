export interface Session {
  readonly id: string;
  readonly userId: string;
  /** A short device label parsed from the User-Agent ("Chrome on Linux"). */
  readonly device: string;
  readonly userAgent: string;
  readonly ipAddress: string;
  /** `jti` of the one refresh token currently valid for this session (rotation). */
  readonly refreshTokenId: string;
  readonly createdAt: Date;
  readonly lastActive: Date;
  readonly isActive: boolean;
}

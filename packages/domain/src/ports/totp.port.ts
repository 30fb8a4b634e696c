/** TOTP (RFC 6238, 30 s steps, 6 digits), provided by a maintained library in the app. */
export interface TotpPort {
  newSecret(): string;
  /** The `otpauth://` URI an authenticator app scans. */
  keyUri(accountName: string, secret: string): string;
  /**
   * The time step a code matches within +-1 step of `now`, or null. The caller accepts each step
   * once, so a replayed code is refused.
   */
  matchingStep(secret: string, code: string, now: Date): number | null;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Constant-time comparison; false for a malformed hash. With `hash` null (an unknown account)
   * it spends the time of a real check and answers false, so timing does not reveal accounts.
   */
  verify(hash: string | null, password: string): Promise<boolean>;
}

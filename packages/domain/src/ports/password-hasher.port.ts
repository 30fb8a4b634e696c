export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time comparison; false for a malformed hash. */
  verify(hash: string, password: string): Promise<boolean>;
}

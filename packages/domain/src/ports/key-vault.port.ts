/**
 * Seals secrets (wallet private keys, TOTP secrets) bound to their owner. Opening fails loudly
 * (KEY_DECRYPTION_FAILED) on tampering, a wrong owner or an unknown key id; it never returns garbage.
 */
export interface KeyVault {
  seal(plaintext: string, ownerId: string): Promise<string>;
  open(sealed: string, ownerId: string): Promise<string>;
  /** true when `sealed` was not made with the current master key. */
  needsRotation(sealed: string): boolean;
}

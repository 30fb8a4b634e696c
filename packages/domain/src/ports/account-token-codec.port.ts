/** Making and recognising mailed tokens: randomness and hashing live outside the domain. */
export interface AccountTokenCodec {
  /** A new token: 32 random bytes, base64url (43 characters, safe in a link). */
  newToken(): string;
  /** The token's SHA-256, hex: what the store keeps and looks tokens up by. */
  hash(token: string): string;
}

/** Making and recognising API keys: randomness and hashing live outside the domain. */
export interface ApiKeyCodec {
  /** A new key: `trx_sk_` + base62 of 32 random bytes. */
  newKey(): string;
  /** The key's SHA-256, hex: what the store keeps and looks keys up by. */
  hash(key: string): string;
}

/** One HTTP attempt of a webhook delivery. */
export interface WebhookRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** What came back; a failure without an answer has no status and says why in `error`. */
export interface WebhookResponse {
  readonly statusCode: number | null;
  readonly latencyMs: number;
  /** The first 1 KB of the response body (the rest is not read). */
  readonly response: string;
  readonly error: string | null;
}

/**
 * Sends webhook requests: POST, no redirect followed, a bounded wait and read, and never to an
 * address the shop does not allow (loopback, private, link-local, cloud metadata), checked on the
 * address actually connected to. Never throws: every failure is a response with `error`.
 */
export interface WebhookSender {
  send(request: WebhookRequest): Promise<WebhookResponse>;
  /** Whether the URL may be an endpoint: its scheme, and every address its host resolves to; null when it may. */
  refusal(url: string): Promise<string | null>;
}

/** Standard Webhooks signing (docs/api.md, "Webhooks"). */
export interface WebhookSigner {
  /** A new secret: `whsec_` + base64 of 24 random bytes or more. */
  newSecret(): string;
  /** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the secret's bytes. */
  sign(secret: string, id: string, timestampSeconds: number, body: string): string;
}

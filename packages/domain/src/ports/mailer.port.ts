/** A mail ready to go, with the stable id its `Message-ID` header is made from. */
export interface OutgoingMail {
  /** The queued message's id: the same on every attempt, so a receiver can drop a repeat. */
  readonly messageId: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** What the server said: accepted, or why not and whether trying again could help. */
export type MailerOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly error: string; readonly permanent: boolean };

/**
 * Hands mail to a server (SMTP) or the embedded mailbox. Never throws: every failure (refused,
 * timed out, unreachable) is an outcome with `error`; `permanent` for a 5xx answer.
 */
export interface Mailer {
  send(mail: OutgoingMail): Promise<MailerOutcome>;
}

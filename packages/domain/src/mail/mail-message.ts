import type { Sun } from '../money/sun.js';

/** Why a mail is sent: security notices can never be turned off; receipts and alerts can. */
export type MailCategory = 'account' | 'security' | 'receipt' | 'alert';

/** A shopper's or an admin's name and address as the mail greets them. */
export interface MailRecipient {
  /** The account it goes to; null for an address with no account (never the case today). */
  readonly userId: string | null;
  readonly username: string;
  readonly email: string;
}

/** One line of a paid order, as the receipt lists it. */
export interface MailOrderLine {
  readonly name: string;
  readonly quantity: number;
  readonly unitPrice: Sun;
}

/**
 * What a mail says, by template: the data the template renders. Tokens appear only here, and this
 * whole value is sealed by the key vault while the mail waits (never in the log, a body or a metric).
 */
export type MailContent =
  | { readonly template: 'password-reset'; readonly token: string; readonly expiresAt: Date }
  | { readonly template: 'password-changed'; readonly at: Date }
  | { readonly template: 'email-verification'; readonly token: string }
  | { readonly template: 'email-changed'; readonly newEmail: string; readonly at: Date }
  | { readonly template: 'two-factor-enabled'; readonly at: Date }
  | { readonly template: 'two-factor-disabled'; readonly at: Date }
  | {
      readonly template: 'new-device-sign-in';
      readonly userAgent: string;
      readonly address: string;
      readonly at: Date;
    }
  | {
      readonly template: 'order-paid';
      readonly orderId: string;
      readonly orderNumber: string;
      readonly lines: readonly MailOrderLine[];
      readonly total: Sun;
      readonly txid: string;
    }
  | {
      readonly template: 'refund-confirmed';
      readonly orderId: string;
      readonly orderNumber: string;
      readonly amount: Sun;
      readonly reason: string;
      readonly txid: string;
    }
  | { readonly template: 'deposit-received'; readonly amount: Sun; readonly txid: string }
  | {
      readonly template: 'withdrawal-confirmed';
      readonly amount: Sun;
      readonly toAddress: string;
      readonly txid: string;
    }
  | {
      readonly template: 'withdrawal-failed';
      readonly amount: Sun;
      readonly toAddress: string;
      readonly reason: string;
    }
  | {
      readonly template: 'merchant-order-paid';
      readonly orderId: string;
      readonly orderNumber: string;
      readonly customer: string;
      readonly total: Sun;
      readonly txid: string;
    }
  | { readonly template: 'merchant-reconciliation'; readonly runId: string; readonly discrepancies: number }
  | {
      readonly template: 'merchant-webhook-disabled';
      readonly endpointId: string;
      readonly url: string;
      readonly reason: string;
    }
  | { readonly template: 'merchant-low-balance'; readonly balance: Sun; readonly threshold: Sun }
  | { readonly template: 'test'; readonly requestedBy: string };

export type MailTemplateName = MailContent['template'];

/** Each template's category: what a recipient may turn off, and what they never can. */
export const MAIL_CATEGORIES: Readonly<Record<MailTemplateName, MailCategory>> = {
  'password-reset': 'account',
  'email-verification': 'account',
  'password-changed': 'security',
  'email-changed': 'security',
  'two-factor-enabled': 'security',
  'two-factor-disabled': 'security',
  'new-device-sign-in': 'security',
  'order-paid': 'receipt',
  'refund-confirmed': 'receipt',
  'deposit-received': 'receipt',
  'withdrawal-confirmed': 'receipt',
  'withdrawal-failed': 'receipt',
  'merchant-order-paid': 'alert',
  'merchant-reconciliation': 'alert',
  'merchant-webhook-disabled': 'alert',
  'merchant-low-balance': 'alert',
  test: 'account',
};

/** Where the shop's links point and how it names itself in mail (SHOP_NAME, PUBLIC_URL). */
export interface MailShop {
  readonly name: string;
  /** The public origin, no trailing slash: links are `${publicUrl}/reset-password?token=...`. */
  readonly publicUrl: string;
}

/** A rendered mail: both parts, user-provided text escaped in the HTML one. */
export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export type MailStatus = 'pending' | 'sent' | 'failed';

/** One SMTP (or mailbox) attempt, as the delivery log shows it. */
export interface MailAttempt {
  /** 1 for the first attempt, counting across retries. */
  readonly attempt: number;
  readonly at: Date;
  readonly latencyMs: number;
  /** Why it failed (the server's reply or the network error); null when it was accepted. */
  readonly error: string | null;
}

/** A claim on a message's next attempt: only its holder records that attempt. */
export interface MailClaim {
  readonly holder: string;
  readonly until: Date;
  readonly attempt: number;
}

/**
 * One mail to one recipient, queued in the store. Its id is stable for (source, template,
 * recipient) (`mailId`), so the same event never queues the same mail twice on any instance.
 */
export interface MailMessage {
  readonly id: string;
  readonly template: MailTemplateName;
  /** The logged event's id, or the token's id for a reset or verification mail. */
  readonly sourceId: string;
  /** The account it goes to (null when none), and the address at the time it was queued. */
  readonly userId: string | null;
  readonly to: string;
  /** The recipient and the `MailContent` as JSON, sealed by the key vault for this message's id. */
  readonly sealed: string;
  readonly status: MailStatus;
  readonly attempts: readonly MailAttempt[];
  /** Attempts since it was (re)queued: the retry schedule counts these. */
  readonly roundAttempts: number;
  /** When the next attempt is due; null unless pending. */
  readonly nextAttemptAt: Date | null;
  readonly claim: MailClaim | null;
  readonly createdAt: Date;
  /** When the server accepted it; null until then. */
  readonly sentAt: Date | null;
}

/** How an attempt ended, as the message records it. */
export interface MailAttemptOutcome {
  readonly attempt: MailAttempt;
  readonly status: MailStatus;
  /** When the next attempt is due (pending only). */
  readonly nextAttemptAt: Date | null;
}

/** The stable id of one mail: one per (source, template, recipient key). */
export const mailId = (sourceId: string, template: MailTemplateName, recipientKey: string): string =>
  `${sourceId}:${template}:${recipientKey}`;

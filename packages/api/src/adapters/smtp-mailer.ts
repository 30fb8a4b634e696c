import type { ConnectionOptions } from 'node:tls';
import type { Mailer, MailerOutcome, OutgoingMail } from '@trx-shop/domain';
import { createTransport } from 'nodemailer';
import type { MailFrom, SmtpSettings } from '../config/mail-settings.js';

/** How long each step may wait: connecting, the server's greeting, and any silence after. */
export interface SmtpTimeouts {
  readonly connectionMs: number;
  readonly greetingMs: number;
  readonly socketMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
};

export interface SmtpMailerOptions {
  readonly smtp: SmtpSettings;
  readonly from: MailFrom;
  readonly timeouts?: SmtpTimeouts;
  /** TLS options for the tests' self-signed server; production keeps Node's verification. */
  readonly tls?: ConnectionOptions;
}

/** The shape of nodemailer's errors, as far as the outcome needs it. */
interface SmtpError {
  readonly message?: unknown;
  readonly code?: unknown;
  readonly responseCode?: unknown;
}

/** Keeps letters, digits, `-` and `_`, and writes any other byte as `=XX`: an atom, one-to-one. */
const encodeIdPart = (id: string): string =>
  [...Buffer.from(id, 'utf8')]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9_-]/.test(char) ? char : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/** The Message-ID of a queued message: the same on every attempt, so a receiver drops a repeat. */
export const messageIdOf = (messageId: string, from: MailFrom): string =>
  `<${encodeIdPart(messageId)}@${from.domain}>`;

// One address, nothing a mail library would read as a list or a display name.
const SINGLE_ADDRESS = /^[^\s@<>,;:"()\\[\]]+@[^\s@<>,;:"()\\[\]]+$/;

/** Every form in which the password could reach an error text: as is, URL-encoded, base64 in AUTH. */
const secretForms = ({ user, password }: SmtpSettings): string[] => {
  if (password === null) return [];
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  return [
    password,
    encodeURIComponent(password),
    base64(password),
    base64(`\u0000${user ?? ''}\u0000${password}`),
    base64(`${user ?? ''}\u0000${user ?? ''}\u0000${password}`),
  ].filter((form) => form.length > 0);
};

/**
 * A `Mailer` over nodemailer's SMTP transport. `smtps://` speaks TLS from the first byte; `smtp://`
 * upgrades with STARTTLS when the server offers it. One connection per message (no pool): the
 * queue sends a few messages a minute, and a fresh connection cannot inherit a broken one's state.
 */
export const createSmtpMailer = ({
  smtp,
  from,
  timeouts = DEFAULT_SMTP_TIMEOUTS,
  tls,
}: SmtpMailerOptions): Mailer => {
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user === null ? {} : { auth: { user: smtp.user, pass: smtp.password ?? '' } }),
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    ...(tls === undefined ? {} : { tls }),
    logger: false,
    debug: false,
    // Our mail has no attachments: nothing may make the library read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const secrets = secretForms(smtp);
  const redact = (text: string): string =>
    secrets.reduce((redacted, secret) => redacted.split(secret).join('[redacted]'), text);

  const failure = (error: unknown): MailerOutcome => {
    const { message, code, responseCode } = (
      typeof error === 'object' && error !== null ? error : {}
    ) as SmtpError;
    const text = typeof message === 'string' && message !== '' ? message : String(error);
    const reply = typeof responseCode === 'number' ? responseCode : null;
    // A refused sign-in fails every message alike until the operator fixes SMTP_URL: it waits
    // for a retry instead of failing each message for good.
    const refusedSignIn = code === 'EAUTH' || code === 'ENOAUTH';
    return {
      ok: false,
      error: redact(typeof code === 'string' ? `${code}: ${text}` : text),
      permanent: reply !== null && reply >= 500 && reply < 600 && !refusedSignIn,
    };
  };

  return {
    send: async (mail: OutgoingMail): Promise<MailerOutcome> => {
      if (!SINGLE_ADDRESS.test(mail.to)) {
        return { ok: false, error: 'The recipient is not a single email address', permanent: true };
      }
      try {
        await transport.sendMail({
          from: from.name === null ? from.address : { name: from.name, address: from.address },
          to: mail.to,
          envelope: { from: from.address, to: [mail.to] },
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: messageIdOf(mail.messageId, from),
        });
        return { ok: true };
      } catch (error) {
        return failure(error);
      }
    },
  };
};

import type { MailCategory, MailRecipient, MailShop, RenderedMail } from '../mail-message.js';
import { escapeHtml, headerSafe, shopLink } from './mail-text.js';

/** One labelled fact of a mail (an amount, a transaction, an address), as a row of its table. */
export interface MailDetail {
  readonly label: string;
  readonly value: string;
}

/** The button-like link of a mail; the HTML part repeats its URL as text for mail readers without links. */
export interface MailAction {
  readonly label: string;
  readonly url: string;
}

/**
 * What one template says, all of it plain text: the layout escapes every piece for the HTML part,
 * so no template can forget to escape user-provided text.
 */
export interface MailBody {
  /** Fixed text, plus an order number at most: the layout prefixes the shop's name. */
  readonly subject: string;
  readonly paragraphs: readonly string[];
  readonly details?: readonly MailDetail[];
  readonly action?: MailAction;
  /** Why the recipient gets this mail, the first sentence of the footer. */
  readonly reason: string;
}

/** What the footer adds by category: how to turn it off, or why it cannot be and what to do. */
const categoryNotice = (category: MailCategory, shop: MailShop): string | null => {
  switch (category) {
    case 'account':
      return null;
    case 'security':
      return (
        'Security notices cannot be turned off. If this was not you, reset your password now ' +
        `("Forgot password" at ${shopLink(shop, '/sign-in')}) and tell the shop's support right away.`
      );
    case 'receipt':
      return `You can turn receipts off in your account: ${shopLink(shop, '/account')}`;
    case 'alert':
      return `You can turn each kind of alert off in the admin app: ${shopLink(shop, '/admin')}`;
  }
};

const textPart = (body: MailBody, recipient: MailRecipient, footer: readonly string[]): string => {
  const blocks = [`Hello ${recipient.username},`, ...body.paragraphs];
  if (body.details && body.details.length > 0) {
    blocks.push(body.details.map(({ label, value }) => `${label}: ${value}`).join('\n'));
  }
  if (body.action) blocks.push(`${body.action.label}:\n${body.action.url}`);
  blocks.push(`-- \n${footer.join('\n')}`);
  return `${blocks.join('\n\n')}\n`;
};

const FONT = 'font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif';
const MUTED = 'font-size:13px;color:#52525b';

const detailsTable = (details: readonly MailDetail[]): string => {
  const rows = details.map(
    ({ label, value }) =>
      `<tr><th align="left" style="padding:4px 12px 4px 0;font-weight:600;vertical-align:top">${escapeHtml(label)}</th>` +
      `<td style="padding:4px 0;word-break:break-all">${escapeHtml(value)}</td></tr>`,
  );
  return `<table role="presentation" style="border-collapse:collapse;margin:16px 0">${rows.join('')}</table>`;
};

const actionBlock = ({ label, url }: MailAction): string =>
  `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;` +
  `background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(label)}</a></p>` +
  `<p style="${MUTED}">If the button does not work, copy this address into your browser:<br>` +
  `<span style="word-break:break-all">${escapeHtml(url)}</span></p>`;

const htmlPart = (
  subject: string,
  body: MailBody,
  recipient: MailRecipient,
  shop: MailShop,
  footer: readonly string[],
): string =>
  [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f4f4f5">`,
    `<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;color:#18181b;line-height:1.5;${FONT}">`,
    `<p style="font-size:18px;font-weight:700;margin:0 0 16px">${escapeHtml(shop.name)}</p>`,
    `<p>Hello ${escapeHtml(recipient.username)},</p>`,
    ...body.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    body.details && body.details.length > 0 ? detailsTable(body.details) : '',
    body.action ? actionBlock(body.action) : '',
    '<hr style="border:none;border-top:1px solid #e4e4e7;margin:24px 0">',
    ...footer.map((line) => `<p style="${MUTED};margin:4px 0">${escapeHtml(line)}</p>`),
    '</div></body></html>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');

/** Frames one template's body: the subject line, a text part and an HTML part saying the same. */
export const layout = (
  body: MailBody,
  category: MailCategory,
  recipient: MailRecipient,
  shop: MailShop,
): RenderedMail => {
  const subject = `${headerSafe(shop.name)}: ${headerSafe(body.subject)}`;
  const notice = categoryNotice(category, shop);
  const footer = [body.reason, ...(notice === null ? [] : [notice]), `${shop.name} · ${shopLink(shop, '')}`];
  return {
    subject,
    text: textPart(body, recipient, footer),
    html: `${htmlPart(subject, body, recipient, shop, footer)}\n`,
  };
};

/**
 * Just enough MIME to read what the shop sends (nodemailer's output): headers with RFC 2047
 * encoded words, nested multiparts, and 7bit, 8bit, quoted-printable or base64 UTF-8 text parts.
 * Attachments, other charsets and malformed mail are out of scope: tests read our own mail.
 */
export interface ParsedMail {
  readonly headers: ReadonlyMap<string, string>;
  readonly text: string | null;
  readonly html: string | null;
}

interface Entity {
  readonly headers: Map<string, string>;
  readonly body: string;
}

const splitEntity = (raw: string): Entity => {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
};

const decodeQuotedPrintable = (text: string, inHeader: boolean): string => {
  const source = inHeader ? text.replace(/_/g, ' ') : text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < source.length; index += 1) {
    const hex = source.slice(index + 1, index + 3);
    if (source[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(source[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
};

const ENCODED_WORD = /=\?[^?]+\?([QqBb])\?([^?]*)\?=/g;

/** RFC 2047: `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=`, the space between two of them dropped. */
const decodeWords = (value: string): string =>
  value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(ENCODED_WORD, (_word, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text, true),
    );

const decodeBody = (entity: Entity): string => {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(entity.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(entity.body, false);
  return entity.body;
};

const parameter = (contentType: string, name: string): string | null => {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(contentType);
  return match?.[1] ?? null;
};

const collectParts = (entity: Entity, found: { text: string | null; html: string | null }): void => {
  const contentType = entity.headers.get('content-type') ?? 'text/plain';
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const boundary = parameter(contentType, 'boundary');
  if (type.startsWith('multipart/') && boundary !== null) {
    const sections = entity.body.split(`--${boundary}`);
    // Before the first delimiter is the preamble; from the closing `--boundary--` on, the epilogue.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectParts(splitEntity(section.replace(/^[ \t]*\n/, '').replace(/\n$/, '')), found);
    }
    return;
  }
  if ((entity.headers.get('content-disposition') ?? '').toLowerCase().startsWith('attachment')) return;
  if (type === 'text/plain' && found.text === null) found.text = decodeBody(entity);
  if (type === 'text/html' && found.html === null) found.html = decodeBody(entity);
};

export const parseMail = (raw: string): ParsedMail => {
  const root = splitEntity(raw);
  const found: { text: string | null; html: string | null } = { text: null, html: null };
  collectParts(root, found);
  return { headers: root.headers, ...found };
};

import { randomBytes } from 'node:crypto';

/**
 * A MIME message (RFC 5322, 2045–2047) with a text and an HTML body and files attached, as SES's
 * raw send takes it. Every header that carries text a person wrote (a name, the subject) is
 * RFC 2047 encoded, and addresses are checked, so no text can end a header or add one.
 */

export interface MimeAddress {
  /** Any text; encoded. */
  name?: string;
  address: string;
}

export interface MimeAttachment {
  /** Shown to the reader; kept to safe ASCII. */
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MimeMessage {
  from: MimeAddress;
  to: string;
  replyTo?: MimeAddress;
  subject: string;
  text: string;
  html: string;
  attachments: MimeAttachment[];
  date?: Date;
}

/**
 * Whether `value` is an address SES can send to: one `@`, no space, control character or any of
 * the characters that structure an address header. (The API checks `to` as an email already.)
 */
export const isMailAddress = (value: string) =>
  value.length <= 254 &&
  /^[^\s@<>()[\]\\,;:"\p{Cc}]+@[^\s@<>()[\]\\,;:"\p{Cc}]+\.[^\s@<>()[\]\\,;:"\p{Cc}]+$/u.test(value);

const CRLF = '\r\n';

/** Base64 in lines of 76 characters (RFC 2045). */
function base64Lines(bytes: Uint8Array): string {
  const encoded = Buffer.from(bytes).toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += 76) lines.push(encoded.slice(i, i + 76));
  return lines.join(CRLF);
}

/** Text for a header: control characters and runs of white space become one space (a header is one line). */
export const headerText = (text: string) => text.replace(/[\p{Cc}\s]+/gu, ' ').trim();

/**
 * Text as RFC 2047 encoded words (`=?UTF-8?B?…?=`), each under 76 characters and never splitting
 * a character, folded onto continuation lines.
 */
export function encodedWords(text: string): string {
  const words: string[] = [];
  let chunk = '';
  for (const char of text) {
    if (Buffer.byteLength(chunk + char, 'utf8') > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk !== '') words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join(`${CRLF} `);
}

function address(value: MimeAddress): string {
  if (!isMailAddress(value.address)) throw new Error('Not a mail address');
  const name = headerText(value.name ?? '');
  return name ? `${encodedWords(name)} <${value.address}>` : value.address;
}

/** A file name for the `filename` parameter: printable ASCII without quotes or backslashes. */
const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9._ -]+/g, '_').slice(0, 120) || 'file';

function part(headers: string[], body: string): string {
  return `${headers.join(CRLF)}${CRLF}${CRLF}${body}${CRLF}`;
}

const boundary = () => `=_tl_${randomBytes(12).toString('hex')}`;

/** The message's bytes: `multipart/mixed` of a `multipart/alternative` (text, HTML) and the files. */
export function mimeMessage(message: MimeMessage): Uint8Array {
  const outer = boundary();
  const inner = boundary();
  const text = (type: string, body: string) =>
    part(
      [`Content-Type: ${type}; charset=UTF-8`, 'Content-Transfer-Encoding: base64'],
      base64Lines(Buffer.from(body, 'utf8')),
    );
  const alternative = [
    `--${inner}${CRLF}${text('text/plain', message.text)}`,
    `--${inner}${CRLF}${text('text/html', message.html)}`,
    `--${inner}--${CRLF}`,
  ].join('');
  const files = message.attachments.map((file) => {
    const name = safeFileName(file.filename);
    return `--${outer}${CRLF}${part(
      [
        `Content-Type: ${file.contentType}; name="${name}"`,
        `Content-Disposition: attachment; filename="${name}"`,
        'Content-Transfer-Encoding: base64',
      ],
      base64Lines(file.content),
    )}`;
  });
  const headers = [
    `From: ${address(message.from)}`,
    `To: ${address({ address: message.to })}`,
    ...(message.replyTo ? [`Reply-To: ${address(message.replyTo)}`] : []),
    `Subject: ${encodedWords(headerText(message.subject))}`,
    `Date: ${(message.date ?? new Date()).toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${outer}"`,
  ];
  const body = [
    `--${outer}${CRLF}Content-Type: multipart/alternative; boundary="${inner}"${CRLF}${CRLF}${alternative}`,
    ...files,
    `--${outer}--${CRLF}`,
  ].join('');
  return new Uint8Array(Buffer.from(`${headers.join(CRLF)}${CRLF}${CRLF}${body}`, 'utf8'));
}

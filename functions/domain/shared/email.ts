import type * as Ses from '@aws-sdk/client-ses';
import type { Language } from '../../../contract/enums';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { requireSdk } from '../../lib/sdk';
import de from './locales/de.json';
import en from './locales/en.json';

const { SESClient, SendEmailCommand, SendRawEmailCommand } = requireSdk('@aws-sdk/client-ses') as typeof Ses;

/**
 * Transactional email through SES — on AWS the real service, locally `aws-ses-v2-local` (whose
 * inbox is readable at its URL). The client is created once per function instance.
 */
const ses = new SESClient({
  region: config.region,
  ...(config.sesEndpoint
    ? { endpoint: config.sesEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
    : {}),
});

const PRODUCT = 'Timeledger';

type Catalogue = typeof en;
const CATALOGUES: Record<Language, Catalogue> = { en, de };

/** The message under `key` (`"confirm.subject"`) in `language`, with its `{{placeholders}}` filled in. */
export function message(language: Language, key: string, values: Record<string, string> = {}): string {
  let node: unknown = CATALOGUES[language];
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`No email message ${key} in ${language}`);
  return node.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name === 'product' ? PRODUCT : (values[name] ?? whole),
  );
}

/**
 * The language of a user's emails: their setting, else the language the request was made in (the
 * browser's, sent by the app), else English.
 */
export function emailLanguage(chosen: Language | null | undefined, requested?: Language): Language {
  return chosen ?? requested ?? 'en';
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(
  language: Language,
  heading: string,
  paragraphs: string[],
  link: { href: string; label: string },
): string {
  return [
    `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2933">`,
    `<h1 style="font-size:20px">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`,
    `<p style="font-size:13px;color:#52606d">${escapeHtml(message(language, 'openAddress', { link: link.href }))}</p>`,
    `<p style="font-size:13px;color:#52606d">${escapeHtml(message(language, 'signature'))}</p>`,
    '</body></html>',
  ].join('');
}

/** The catalogue keys of a link email's subject, heading, two paragraphs and button. */
export interface LinkEmailKeys {
  subject: string;
  heading: string;
  body: [string, string];
  button: string;
}

/**
 * One email of the kinds below: a greeting and the two paragraphs under `keys` in the catalogue,
 * the link as a button and as a plain address, and the signature — the same in text and HTML.
 */
export function linkEmail(
  language: Language,
  to: string,
  keys: LinkEmailKeys,
  href: string,
  values: Record<string, string>,
): EmailMessage {
  const m = (key: string) => message(language, key, values);
  const lines = [m('greeting'), ...keys.body.map(m)];
  return {
    to,
    subject: m(keys.subject),
    text: `${lines.join('\n\n')}\n\n${href}\n\n${m('signature')}\n`,
    html: layout(language, m(keys.heading), lines, { href, label: m(keys.button) }),
  };
}

/** `<APP_URL>/<route>/<token>`, the token percent-encoded. */
export const tokenLink = (route: string, token: string) =>
  `${config.appUrl}/${route}/${encodeURIComponent(token)}`;

/**
 * An email whose link carries a one-time token, `<APP_URL>/<route>/<token>`, made from the
 * catalogue messages under `keys` and greeting `name`; in English unless `language` says otherwise.
 */
const tokenEmail =
  (route: string, keys: LinkEmailKeys) =>
  (name: string, to: string, token: string, language: Language = 'en'): EmailMessage =>
    linkEmail(language, to, keys, tokenLink(route, token), { name });

/** The signup email with the `<APP_URL>/confirmemail/<token>` link. */
export const confirmationEmail = tokenEmail('confirmemail', {
  subject: 'confirm.subject',
  heading: 'confirm.heading',
  body: ['confirm.welcome', 'confirm.ignore'],
  button: 'confirm.button',
});

/** The forgot-password email with the `<APP_URL>/resetpassword/<token>` link (valid for one hour). */
export const passwordResetEmail = tokenEmail('resetpassword', {
  subject: 'reset.subject',
  heading: 'reset.heading',
  body: ['reset.asked', 'reset.ignore'],
  button: 'reset.button',
});

/** After an email change: the `<APP_URL>/confirmemail/<token>` link, to the new address. */
export const emailChangeConfirmationEmail = tokenEmail('confirmemail', {
  subject: 'changeConfirm.subject',
  heading: 'changeConfirm.heading',
  body: ['changeConfirm.body', 'changeConfirm.ignore'],
  button: 'confirm.button',
});

/**
 * Sends an email. A failure is logged (without the address or the link) and reported as `false`:
 * the account operation that triggered the email has already succeeded.
 */
export async function sendEmail(message: EmailMessage): Promise<boolean> {
  try {
    await ses.send(
      new SendEmailCommand({
        Source: `${PRODUCT} <${config.senderEmail}>`,
        Destination: { ToAddresses: [message.to] },
        Message: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: message.text, Charset: 'UTF-8' },
            Html: { Data: message.html, Charset: 'UTF-8' },
          },
        },
      }),
    );
    return true;
  } catch (error) {
    logger.error('email not sent', {
      subject: message.subject,
      error: error instanceof Error ? error.name : String(error),
    });
    return false;
  }
}

/** The product's sender address as a MIME `From`, for messages made elsewhere (`./mime.ts`). */
export const senderAddress = () => config.senderEmail;

/**
 * Sends a whole MIME message as it is — how attachments go (SES's raw send; SES v2 takes the same
 * bytes as `Content.Raw`). A failure is logged under `what` (no address, no content) and is `false`.
 */
export async function sendRawEmail(what: string, raw: Uint8Array): Promise<boolean> {
  try {
    await ses.send(new SendRawEmailCommand({ RawMessage: { Data: raw } }));
    return true;
  } catch (error) {
    logger.error('email not sent', {
      subject: what,
      error: error instanceof Error ? error.name : String(error),
    });
    return false;
  }
}

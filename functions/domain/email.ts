import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { config } from '../lib/config';
import { logger } from '../lib/logger';

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

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(heading: string, paragraphs: string[], link: { href: string; label: string }): string {
  return [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2933">',
    `<h1 style="font-size:20px">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`,
    `<p style="font-size:13px;color:#52606d">Or open this address: ${escapeHtml(link.href)}</p>`,
    `<p style="font-size:13px;color:#52606d">— ${PRODUCT}</p>`,
    '</body></html>',
  ].join('');
}

/** The signup email with the `<APP_URL>/confirmemail/<token>` link. */
export function confirmationEmail(name: string, to: string, token: string): EmailMessage {
  const link = `${config.appUrl}/confirmemail/${encodeURIComponent(token)}`;
  const lines = [
    `Hi ${name},`,
    `Welcome to ${PRODUCT}! Please confirm your email address by opening the link below.`,
    'If you did not sign up, you can ignore this email.',
  ];
  return {
    to,
    subject: `Confirm your email address for ${PRODUCT}`,
    text: `${lines.join('\n\n')}\n\n${link}\n\n— ${PRODUCT}\n`,
    html: layout(`Welcome to ${PRODUCT}`, lines, { href: link, label: 'Confirm email address' }),
  };
}

/** The forgot-password email with the `<APP_URL>/resetpassword/<token>` link (valid for one hour). */
export function passwordResetEmail(name: string, to: string, token: string): EmailMessage {
  const link = `${config.appUrl}/resetpassword/${encodeURIComponent(token)}`;
  const lines = [
    `Hi ${name},`,
    `Someone asked to reset the password of your ${PRODUCT} account. Open the link below to choose a new one. The link works once and expires in one hour.`,
    'If you did not ask for this, you can ignore this email; your password stays the same.',
  ];
  return {
    to,
    subject: `Reset your ${PRODUCT} password`,
    text: `${lines.join('\n\n')}\n\n${link}\n\n— ${PRODUCT}\n`,
    html: layout('Reset your password', lines, { href: link, label: 'Reset password' }),
  };
}

/** After an email change: the `<APP_URL>/confirmemail/<token>` link, to the new address. */
export function emailChangeConfirmationEmail(name: string, to: string, token: string): EmailMessage {
  const link = `${config.appUrl}/confirmemail/${encodeURIComponent(token)}`;
  const lines = [
    `Hi ${name},`,
    `This is now the email address of your ${PRODUCT} account. Please confirm it by opening the link below.`,
    'If you did not make this change, you can ignore this email.',
  ];
  return {
    to,
    subject: `Confirm your new email address for ${PRODUCT}`,
    text: `${lines.join('\n\n')}\n\n${link}\n\n— ${PRODUCT}\n`,
    html: layout('Confirm your new email address', lines, { href: link, label: 'Confirm email address' }),
  };
}

/**
 * After an email change: a notice to the old address, so a person whose account was taken over
 * learns of it where the attacker cannot delete the message — and whom to contact, as a reset
 * link would now go to the new address.
 */
export function emailChangedNotice(name: string, to: string, newEmail: string): EmailMessage {
  const link = `${config.appUrl}/impressum`;
  const lines = [
    `Hi ${name},`,
    `The email address of your ${PRODUCT} account was changed from ${to} to ${newEmail}. From now on you sign in with the new address, and emails from ${PRODUCT} go there.`,
    `If you did not make this change, someone else may know your password. Please contact us at once through the address on the page below.`,
  ];
  return {
    to,
    subject: `The email address of your ${PRODUCT} account was changed`,
    text: `${lines.join('\n\n')}\n\n${link}\n\n— ${PRODUCT}\n`,
    html: layout('Your email address was changed', lines, { href: link, label: 'Contact us' }),
  };
}

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

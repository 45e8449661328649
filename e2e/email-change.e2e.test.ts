import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  baseUrl,
  openSignedIn,
  PASSWORD,
  type PageOptions,
  setUpBrowser,
  signUp,
  uniqueEmail,
} from './session';

/**
 * Issue 21, fix 2, in the browser: an email change waits for the new address's link, the old
 * address is told with an undo link, and that link — opened anywhere — takes the account back and
 * signs out every session.
 */

const sesUrl = inject('sesUrl');
const browser = setUpBrowser();
const newPage = (options: PageOptions = {}) => browser.newPage({ locale: 'en-GB', ...options });

interface SesEmail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
}

/** The path of the newest `/<page>/<token>` link mailed to `email`, waiting up to 15 s for it. */
async function mailedLink(email: string, page: string): Promise<string> {
  const pattern = new RegExp(`/${page}/[A-Za-z0-9_.~%-]+`);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const store = (await (await fetch(`${sesUrl}/store`)).json()) as { emails: SesEmail[] };
    const links = store.emails
      .filter((mail) => mail.destination.to.some((to) => to.includes(email)))
      .map((mail) => pattern.exec(mail.body.text ?? '')?.[0])
      .filter((link): link is string => link !== undefined);
    if (links.length > 0) return links.at(-1) as string;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no /${page}/ link mailed to ${email} within 15 s`);
}

async function login(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('changing the email address in the browser', () => {
  it('keeps the old address until confirmation, and the old address’s undo link takes the account back', async () => {
    const oldEmail = uniqueEmail('old');
    const typo = uniqueEmail('typo');
    const token = await signUp('Olga Oldaddress', oldEmail);
    const page = await newPage();
    await openSignedIn(page, token, '/settings');

    await page.getByLabel('New email address').fill(typo);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Change email address' }).click();

    await page.getByText(`Almost done: open the link we sent to ${typo}`).waitFor();
    const status = page.getByText(/You asked to change your email address to/);
    await expect(status.textContent()).resolves.toContain(
      `until then you sign in, and get our emails, at ${oldEmail}`,
    );

    // The mail to the old address, opened on another device: undo, by a button press.
    const undoLink = await mailedLink(oldEmail, 'undoemailchange');
    const elsewhere = await newPage();
    await elsewhere.goto(`${baseUrl}${undoLink}`);
    await elsewhere.getByRole('heading', { name: 'Undo an email change' }).waitFor();
    await elsewhere.getByRole('button', { name: 'Undo the change' }).click();
    await elsewhere.getByText(/The change has been undone/).waitFor();
    await elsewhere.getByRole('link', { name: 'Reset your password' }).waitFor();

    // Every session has ended: the settings page no longer opens with the old token.
    expect((await fetch(`${baseUrl}/api/auth`, { headers: { 'x-auth-token': token } })).status).toBe(401);
    // The typo's confirmation link now confirms nothing.
    const confirmLink = await mailedLink(typo, 'confirmemail');
    expect((await fetch(`${baseUrl}/api${confirmLink}`)).status).toBe(400);

    // The old address signs in, with no change waiting any more.
    await login(page, oldEmail);
    await page.getByRole('heading', { name: 'Welcome, Olga Oldaddress!' }).waitFor();
    await page.goto(`${baseUrl}/settings`);
    await page.getByText(`Your email address is ${oldEmail}`, { exact: false }).waitFor();
    await expect(page.getByText(/You asked to change your email address/).count()).resolves.toBe(0);
  });
});

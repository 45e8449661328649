import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../functions/domain/identity/totp';
import { api, baseUrl, openSignedIn, PASSWORD, setUpBrowser, signUp, uniqueEmail } from './session';

const browser = setUpBrowser();

/** What an authenticator app shows for the secret, `steps` × 30 s from now. */
const codeOf = (secret: string, steps = 0) => totp(base32Decode(secret), Date.now() + steps * 30_000);

async function logOutAndBackToLogin(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Goodbye!' }).waitFor();
  await page.getByRole('link', { name: 'Login' }).click();
}

async function logIn(page: Page, email: string, code: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The password was right: the form asks for the second factor.
  await page.getByText('Two-factor sign-in is on for this account').waitFor();
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Welcome, Tess Totp!' }).waitFor();
}

/** Turns 2FA on in the settings as a person does; answers the secret read off the screen and the recovery codes. */
async function turnOn(page: Page, card: Locator): Promise<{ secret: string; codes: string[] }> {
  await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await card.getByLabel('Password').fill(PASSWORD);
  await card.getByRole('button', { name: 'Continue' }).click();
  await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await card.getByLabel('Key for your authenticator app').inputValue()).replace(/\s/g, '');
  await card.getByLabel('Authentication code').fill(codeOf(secret));
  await card.getByRole('button', { name: 'Turn on', exact: true }).click();
  const list = card.getByRole('list', { name: 'Your recovery codes' });
  await list.waitFor();
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  await card.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await card.getByText('Two-factor sign-in is on:').waitFor();
  await page.getByText('Two-factor sign-in is on.').waitFor(); // the toast
  return { secret, codes };
}

describe('two-factor sign-in and API tokens in the browser', () => {
  it('turns 2FA on from the shown secret, signs in with a code and with a recovery code', async () => {
    const email = uniqueEmail('totp');
    const token = await signUp('Tess Totp', email);
    const page = await browser.newPage();
    await openSignedIn(page, token, '/settings');
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });

    const { secret, codes } = await turnOn(page, card);
    expect(codes).toHaveLength(10);
    // Turning it on ended the sessions from before; the app carries on with the token it was given.
    const fresh = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    expect(fresh).not.toBe(token);
    expect(await api<{ twoFactor: boolean }>(fresh, 'GET', '/api/auth')).toMatchObject({ twoFactor: true });

    // The code that confirmed the setup is spent; the app's next one signs in.
    await logOutAndBackToLogin(page);
    await logIn(page, email, codeOf(secret, 1));

    await logOutAndBackToLogin(page);
    await logIn(page, email, codes[0] as string);

    // A recovery code works once.
    await logOutAndBackToLogin(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('Authentication code').fill(codes[0] as string);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toContain(
      'This code is not valid, or it has already been used',
    );
  });

  it('creates an API token in the settings, shown once, that a script can call the API with', async () => {
    const token = await signUp('Tess Totp', uniqueEmail('apitoken'));
    await api(token, 'POST', '/api/projects', { name: 'Website relaunch' });
    const page = await browser.newPage();
    await openSignedIn(page, token, '/settings');
    const card = page.getByRole('region', { name: 'API tokens' });

    await card.getByLabel('Token name').fill('Monthly report');
    await card.getByLabel('Access').selectOption({ label: 'Read only' });
    await card.getByLabel('Your password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Create token' }).click();
    const apiToken = (await card.getByLabel('New API token').inputValue()).trim();
    expect(apiToken).toMatch(/^tl_/);

    const bearer = { authorization: `Bearer ${apiToken}` };
    const list = await fetch(`${baseUrl}/api/projects`, { headers: bearer });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { name: string }[]).map((p) => p.name)).toEqual(['Website relaunch']);
    const write = await fetch(`${baseUrl}/api/projects`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Not allowed' }),
    });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ errors: [{ code: 'API_TOKEN_READ_ONLY' }] });

    await card.getByRole('button', { name: 'Done' }).click();
    await expect(card.getByLabel('New API token').count()).resolves.toBe(0);
    // The list says when the script last used it.
    await page.reload();
    await card
      .getByRole('list', { name: 'Your API tokens' })
      .getByText(/Monthly report · Read only · created .* · last used/)
      .waitFor();
  });
});

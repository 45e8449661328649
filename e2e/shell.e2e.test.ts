import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch } from './browser';

describe('the local stack in a browser', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves the SPA at / and falls back to it for deep links', async () => {
    const page = await browser.newPage();
    for (const path of ['/', '/projects']) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status()).toBe(200);
      // The app has rendered over index.html's wordmark: its layout's <main> is there.
      await page.locator('#root main#main').waitFor();
      await expect(page.locator('.boot-wordmark').count()).resolves.toBe(0);
    }
    await page.close();
  });

  it('answers the API through the same server in the contract’s error shape', async () => {
    const res = await fetch(`${baseUrl}/api/auth`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      errors: [{ msg: 'No token, authorization denied', code: 'NO_TOKEN' }],
    });
  });
});

/**
 * What every browser test needs around the pages it drives: a Chromium for the file, users made
 * through the API, API calls with a token, and pages that open already signed in. One definition,
 * so a change of the sign-up request or the stored session reaches every suite at once.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, onTestFailed } from 'vitest';
import { launch, screenshot } from './browser';

export const baseUrl = inject('baseUrl');
export const PASSWORD = 'correct-horse-battery';

let counter = 0;
/** An address no other test (or earlier run against the same database) has used. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `e2e-${tag}-${Date.now()}-${counter}@example.com`;
}

/**
 * Calls the API (with the token, when given) and answers the parsed body; a status that is not 2xx
 * fails the test with the method, path and status.
 */
export async function api<T = unknown>(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path} → ${res.status}: ${text.slice(0, 300)}`).toBe(true);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Registers a fresh user through the API; answers its token. */
export async function signUp(name: string, email = uniqueEmail('user')): Promise<string> {
  const { token } = await api<{ token: string }>(null, 'POST', '/api/users', {
    name,
    email,
    password: PASSWORD,
  });
  return token;
}

export interface PageOptions extends Pick<BrowserContextOptions, 'locale' | 'timezoneId'> {
  width?: number;
  height?: number;
  /** Stored before the app loads; left unset, the app's default (dark) applies. */
  dark?: boolean;
  /** A session token stored before the app loads, as after a login on an earlier visit. */
  token?: string;
  /** A phone: a touch screen (taps, not clicks) and the mobile viewport. */
  touch?: boolean;
}

/**
 * Launches Chromium before the file's tests and closes it, with every context opened through
 * `newPage`, after them. Call once at the top of a test file.
 */
export function setUpBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  /**
   * A page in a context of its own (its own storage: another device). A failing test leaves a
   * screenshot and the page's text behind for whoever reads the log.
   */
  async function newPage(options: PageOptions = {}): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      reducedMotion: 'reduce',
      ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
      ...(options.locale ? { locale: options.locale } : {}),
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    });
    contexts.push(context);
    const { token, dark } = options;
    if (token !== undefined || dark !== undefined) {
      await context.addInitScript(
        ([t, d]) => {
          if (t) localStorage.setItem('token', t);
          if (d !== '') localStorage.setItem('darkMode', d as string);
        },
        [token ?? '', dark === undefined ? '' : String(dark)],
      );
    }
    const page = await context.newPage();
    onTestFailed(async ({ task }) => {
      const name = `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}-${contexts.length}`;
      await screenshot(page, name).catch(() => {});
      const text = await page
        .locator('body')
        .innerText()
        .catch(() => '');
      console.error(`${name} at ${page.url()}:\n${text.slice(0, 1000)}`);
    });
    return page;
  }

  return { newPage, browser: () => browser };
}

/**
 * Stores the token in an open page, then opens `path` signed in. It stores it on a same-origin file
 * that runs no app: on an app page the token could appear in storage before a lazily loaded screen
 * mounts — on /loggedout, which would end that very session.
 */
export async function openSignedIn(page: Page, token: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(`${baseUrl}${path}`);
}

/** The words of a six-month history, in the language its screenshots are taken in. */
export interface HistoryWords {
  project: string;
  projectDescription: string;
  tasks: [string, string];
  subTask: string;
  invoice: string;
  /** The sub-task of the income entry of month `n` (1 = this month). */
  month: (n: number) => string;
}

/**
 * One project with six months of history (a time entry and an income entry on the 10th of each
 * month, this month first), so the charts and lists in the screenshots have something to show.
 */
export async function seedHistory(token: string, words: HistoryWords): Promise<{ _id: string }> {
  const project = await api<{ _id: string }>(token, 'POST', '/api/projects', {
    name: words.project,
    description: words.projectDescription,
  });
  const today = new Date();
  for (let i = 0; i < 8; i++) {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - i, 10)).toISOString();
    await api(token, 'POST', '/api/timeactivities', {
      projectId: project._id,
      activity: words.tasks[i % 2],
      description: words.subTask,
      date,
      startTime: null,
      endTime: null,
      duration: (2 + i) * 3_600_000,
    });
    await api(token, 'POST', '/api/financeactivities', {
      projectId: project._id,
      activity: words.invoice,
      description: words.month(i + 1),
      date,
      amount: 450 + i * 25,
      expense: false,
      notes: '',
    });
  }
  return project;
}

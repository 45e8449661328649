import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, screenshot } from './browser';

/**
 * The embed bundle on host pages, against the real local stack: the example host page (with its
 * hostile CSS), a page on another origin, and a project whose embedding is off.
 */
describe('embedded charts on a foreign host page', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let owner: { userId: string; embedded: string; hidden: string };

  async function api<T = any>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A day `daysAgo` days before today, as the API stores it: midnight UTC. */
  const day = (daysAgo: number) => {
    const d = new Date(Date.now() - daysAgo * 86_400_000);
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())).toISOString();
  };
  const HOUR = 3_600_000;

  /** A fresh user (deterministic data, unlike the demo): one embeddable project, one private one. */
  async function createOwner() {
    const { token } = await api<{ token: string }>('POST', '/api/users', {
      name: 'Studio Nordlicht',
      email: `embed-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'correct horse battery staple',
    });
    await api(
      'POST',
      '/api/usersettings',
      { enableEmbedding: true, currency: 'EUR', numberFormat: 'en-US' },
      token,
    );
    const me = await api<{ _id: string }>('GET', '/api/auth', undefined, token);
    const embedded = await api<{ _id: string }>('POST', '/api/projects', { name: 'Website redesign' }, token);
    await api('PUT', `/api/projects/${embedded._id}`, { enableEmbedding: true }, token);
    const hidden = await api<{ _id: string }>('POST', '/api/projects', { name: 'Private project' }, token);
    const entries = [
      { activity: 'Design', date: day(3), duration: 2 * HOUR },
      { activity: 'Development', date: day(35), duration: 1.5 * HOUR },
      { activity: 'Design', date: day(70), duration: 3 * HOUR },
    ];
    for (const entry of entries) {
      await api('POST', '/api/timeactivities', { projectId: embedded._id, description: '', ...entry }, token);
    }
    await api(
      'POST',
      '/api/timeactivities',
      { projectId: hidden._id, activity: 'Secret', date: day(2), duration: HOUR },
      token,
    );
    await api(
      'POST',
      '/api/financeactivities',
      { projectId: embedded._id, activity: 'Invoice', date: day(5), amount: 1000, expense: false },
      token,
    );
    await api(
      'POST',
      '/api/financeactivities',
      { projectId: embedded._id, activity: 'Software', date: day(50), amount: 250.5, expense: true },
      token,
    );
    return { userId: me._id, embedded: embedded._id, hidden: hidden._id };
  }

  /** Opens a page and collects uncaught errors, which would mean the widget broke the host page. */
  async function open(url: string) {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    return { page, errors };
  }

  const charts = (page: Page) => page.locator('[data-timeledger-chart]');
  const ready = (page: Page, count: number) =>
    expect
      .poll(() => page.locator('[data-timeledger-chart] .tl[data-state="ready"]').count(), {
        timeout: 20_000,
      })
      .toBe(count);

  /** Computed styles of the host page's own elements, to compare with and without the widget. */
  const hostStyles = (page: Page) =>
    page.evaluate(() => {
      const props = [
        'font-family',
        'font-size',
        'color',
        'background-color',
        'border-top-width',
        'border-top-color',
        'line-height',
        'display',
        'text-align',
      ];
      const selectors = [
        'body',
        'header h1',
        'header p',
        'h2',
        '#intro',
        '.chart-slot',
        '.sidebar',
        'footer a',
      ];
      return Object.fromEntries(
        selectors.map((selector) => {
          const el = document.querySelector(selector);
          if (!el) return [selector, null];
          const style = getComputedStyle(el);
          return [selector, Object.fromEntries(props.map((p) => [p, style.getPropertyValue(p)]))];
        }),
      );
    });

  beforeAll(async () => {
    browser = await launch();
    owner = await createOwner();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the project’s charts as SVG inside the embed’s shadow root, with the powered-by line', async () => {
    const { page, errors } = await open(
      `${baseUrl}/embed/example.html?user=${owner.userId}&project=${owner.embedded}`,
    );

    await ready(page, 3);

    const line = charts(page).nth(0);
    const inShadow = await line.evaluate((el) => el.shadowRoot?.querySelector('svg[role="img"]') !== null);
    expect(inShadow).toBe(true);
    const svg = line.locator('svg[role="img"]');
    expect(await svg.getAttribute('aria-label')).toBe('Time tracked — Website redesign');
    expect(await svg.isVisible()).toBe(true); // the host page's `svg { display: none !important }` does not reach it
    expect((await svg.boundingBox())?.height).toBeGreaterThan(150);
    expect(await line.locator('path.tl-line').count()).toBe(1);
    const hours = await line.locator('table.tl-sr td').allTextContents();
    expect(hours.filter((h) => h !== '0:00 h').length).toBeGreaterThan(0);

    const pie = charts(page).nth(1);
    expect(await pie.locator('.tl-slice').count()).toBe(2);
    expect(await pie.locator('.tl-legend li').allTextContents()).toEqual([
      'Design 5:00 h (76.9%)',
      'Development 1:30 h (23.1%)',
    ]);

    const bars = charts(page).nth(2);
    const barTitles = await bars.locator('rect.tl-bar title').allTextContents();
    expect(barTitles.some((t) => t.endsWith('€1,000.00'))).toBe(true);
    expect(barTitles.some((t) => t.endsWith('-€250.50'))).toBe(true);

    for (const i of [0, 1, 2]) {
      const link = charts(page).nth(i).getByRole('link', { name: 'Powered by Timeledger' });
      expect(await link.getAttribute('href')).toBe(`${baseUrl}/`);
      expect(await link.isVisible()).toBe(true);
    }
    // The host's `div { font-family: "Courier New", serif; border: 3px solid red }` reaches neither
    // the chart nor the host element itself.
    const isolation = await line.evaluate((el) => {
      const box = el.shadowRoot!.querySelector('.tl')!;
      const title = getComputedStyle(el.shadowRoot!.querySelector('.tl-title')!);
      return {
        inherited: [title.fontStyle, title.letterSpacing, title.textTransform], // the slot's italic caps
        font: getComputedStyle(box).fontFamily,
        hostBorder: getComputedStyle(el).borderTopStyle,
        label: getComputedStyle(el.shadowRoot!.querySelector('.tl-label')!).fill,
      };
    });
    expect(isolation.font).toMatch(/^system-ui/);
    expect(isolation.font).not.toMatch(/courier/i);
    expect(isolation.hostBorder).toBe('none');
    expect(isolation.inherited).toEqual(['normal', 'normal', 'none']);
    expect(isolation.label).not.toBe('rgb(0, 255, 0)'); // the host's `text { fill: lime }`
    await screenshot(page, 'embed-example');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('re-draws a chart to fit when its container gets narrow, as on a phone', async () => {
    const { page } = await open(
      `${baseUrl}/embed/example.html?user=${owner.userId}&project=${owner.embedded}`,
    );
    await ready(page, 3);
    const viewBoxWidth = () =>
      charts(page)
        .nth(0)
        .locator('svg[role="img"]')
        .getAttribute('viewBox')
        .then((v) => Number(v?.split(' ')[2]));
    const wide = await viewBoxWidth();

    await page.setViewportSize({ width: 380, height: 800 });

    await expect.poll(viewBoxWidth).toBeLessThan(360);
    expect(wide).toBeGreaterThan(600);
    const svgBox = await charts(page).nth(0).locator('svg[role="img"]').boundingBox();
    expect(svgBox!.x + svgBox!.width).toBeLessThanOrEqual(380);
    await screenshot(page, 'embed-phone');
    await page.close();
  });

  it('lets the host page size and hide the chart element itself', async () => {
    const { page } = await open(
      `${baseUrl}/embed/example.html?user=${owner.userId}&project=${owner.embedded}`,
    );
    await ready(page, 3);
    const first = charts(page).nth(0);

    await first.evaluate((el) => {
      (el as HTMLElement).style.width = '420px';
    });
    await expect
      .poll(async () => (await first.locator('svg[role="img"]').boundingBox())?.width)
      .toBeLessThanOrEqual(420);
    await first.evaluate((el) => {
      (el as HTMLElement).hidden = true;
    });

    expect(await first.isVisible()).toBe(false);
    expect(await charts(page).nth(1).isVisible()).toBe(true);
    await page.close();
  });

  it('passes axe’s accessibility rules inside every embedded chart', async () => {
    const { page } = await open(
      `${baseUrl}/embed/example.html?user=${owner.userId}&project=${owner.embedded}`,
    );
    await ready(page, 3);
    // The example page's CSP (script-src 'self') refuses an injected script tag; evaluate is not bound by it.
    await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

    // axe reads open shadow roots; a node inside one has a nested selector path as its target.
    const inCharts = await page.evaluate(async () => {
      const result = await (window as any).axe.run(document);
      return result.violations.flatMap((v: any) =>
        v.nodes
          .filter((n: any) => Array.isArray(n.target[0]))
          .map((n: any) => `${v.id}: ${JSON.stringify(n.target)}`),
      );
    });

    expect(inCharts).toEqual([]);
    expect(await page.locator('[data-timeledger-chart] svg[role="img"][aria-label]').count()).toBe(3);
    await page.close();
  });

  it('leaves the host page’s own styles exactly as they were without the widget', async () => {
    const without = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await without.route('**/embed/timeledger-embed.js', (route) => route.abort());
    await without.goto(`${baseUrl}/embed/example.html?user=${owner.userId}&project=${owner.embedded}`);
    await expect.poll(() => without.locator('[data-timeledger-chart]').count()).toBe(3);
    const before = await hostStyles(without);
    const sheetsBefore = await without.evaluate(() => document.styleSheets.length);
    await without.close();

    const { page } = await open(
      `${baseUrl}/embed/example.html?user=${owner.userId}&project=${owner.embedded}`,
    );
    await ready(page, 3);
    const after = await hostStyles(page);
    const sheetsAfter = await page.evaluate(() => document.styleSheets.length);

    expect(before['.chart-slot']).toMatchObject({
      'border-top-width': '3px',
      'border-top-color': 'rgb(255, 0, 0)',
    });
    expect(after).toEqual(before);
    expect(sheetsAfter).toBe(sheetsBefore);
    await page.close();
  });

  it('works on a page of another origin with a strict CSP, taking the API origin from its script address', async () => {
    // A real second web server (another origin): Chromium refuses requests from a page it cannot
    // place on the network (a route-fulfilled one) to a local address, so the host must be real.
    // Its Content-Security-Policy allows scripts and requests to the app and nothing inline but its
    // own nonce'd style: the widget must not depend on inline <style> or script.
    const host = createServer((_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'none'; script-src ${baseUrl}; connect-src ${baseUrl}; style-src 'nonce-host'`,
      });
      res.end(`<!doctype html><html lang="en"><head><title>Another site</title>
        <style nonce="host">div { border: 3px solid red } svg { display: none }</style></head><body>
        <h1>Another site</h1>
        <div data-timeledger-chart data-user-id="${owner.userId}" data-project-id="${owner.embedded}"
             data-chart-type="timepertask" data-chart-kind="pie" data-theme="dark"></div>
        <script src="${baseUrl}/embed/timeledger-embed.js" defer></script></body></html>`);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const foreign = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const apiAnswer = page.waitForResponse((res) => res.url().startsWith(`${baseUrl}/api/embed/`));

      await page.goto(`${foreign}/studio-nordlicht/blog`);

      const answer = await apiAnswer;
      expect(answer.status()).toBe(200);
      expect(answer.headers()['access-control-allow-origin']).toBe('*');
      await ready(page, 1);
      expect(await charts(page).locator('.tl-slice').count()).toBe(2);
      const styled = await charts(page)
        .locator('.tl')
        .evaluate((box) => ({
          padding: getComputedStyle(box).paddingTop,
          font: getComputedStyle(box).fontFamily,
        }));
      expect(styled).toEqual({ padding: '12px', font: expect.stringMatching(/^system-ui/) });
      expect(
        await charts(page).getByRole('link', { name: 'Powered by Timeledger' }).getAttribute('href'),
      ).toBe(`${baseUrl}/`);
      await screenshot(page, 'embed-other-origin');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await new Promise((resolve) => host.close(resolve));
    }
  });

  it('shows "Chart unavailable" for a project with embedding off, and the host page carries on', async () => {
    const { page, errors } = await open(
      `${baseUrl}/embed/example.html?user=${owner.userId}&project=${owner.embedded}`,
    );
    await ready(page, 3);
    const refused = page.waitForResponse((res) =>
      res.url().includes(`/api/embed/${owner.userId}/${owner.hidden}/`),
    );

    await page.evaluate(
      ({ userId, projectId }) => {
        const el = document.createElement('div');
        el.id = 'private-chart';
        el.setAttribute('data-timeledger-chart', '');
        el.setAttribute('data-user-id', userId);
        el.setAttribute('data-project-id', projectId);
        el.setAttribute('data-chart-type', 'timetracked');
        el.setAttribute('data-chart-kind', 'line');
        document.querySelector('article')!.append(el);
      },
      { userId: owner.userId, projectId: owner.hidden },
    );

    expect((await refused).status()).toBe(404);
    const privateChart = page.locator('#private-chart');
    await expect.poll(() => privateChart.locator('.tl[data-state="error"]').count()).toBe(1);
    expect(await privateChart.getByRole('status').textContent()).toBe('Chart unavailable');
    expect(await privateChart.locator('svg').count()).toBe(0);
    expect(await privateChart.getByText('Powered by Timeledger').count()).toBe(0);
    // The other charts and the page's own script are untouched.
    expect(await page.locator('[data-timeledger-chart] .tl[data-state="ready"]').count()).toBe(3);
    expect(await page.evaluate(() => document.querySelectorAll('.chart-slot').length)).toBe(3);
    await screenshot(page, 'embed-unavailable');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the demo account’s embeddable project when the example page gets no ids', async () => {
    const { page, errors } = await open(`${baseUrl}/embed/example.html`);

    await ready(page, 3);

    expect(await page.locator('#embed-source').textContent()).toMatch(
      /^Showing the demo account’s project “.+”\.$/,
    );
    const hours = await charts(page).nth(0).locator('table.tl-sr td').allTextContents();
    expect(hours.filter((h) => h !== '0:00 h').length).toBeGreaterThan(3);
    expect(await charts(page).nth(1).locator('.tl-slice').count()).toBeGreaterThan(1);
    await screenshot(page, 'embed-demo');
    expect(errors).toEqual([]);
    await page.close();
  });
});

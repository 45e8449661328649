import { describe, expect, it } from 'vitest';
import { readConfig } from './config';
import { DEFAULT_CHART_KIND, embedSnippet } from './snippet';

describe('embedSnippet', () => {
  it('is one deferred script from the app’s /embed/ plus one element carrying the four identifiers', () => {
    const snippet = embedSnippet({
      origin: 'https://app.timeledger.example',
      userId: '01JUSER',
      projectId: '01JPROJECT',
      chartType: 'timetracked',
      chartKind: 'line',
    });

    expect(snippet).toBe(
      '<script src="https://app.timeledger.example/embed/timeledger-embed.js" defer></script>\n' +
        '<div data-timeledger-chart data-user-id="01JUSER" data-project-id="01JPROJECT" ' +
        'data-chart-type="timetracked" data-chart-kind="line"></div>',
    );
  });

  it('uses only the origin of the address it is given', () => {
    const snippet = embedSnippet({
      origin: 'http://localhost:3000/projectdetails/p1/',
      userId: 'u',
      projectId: 'p',
      chartType: 'totaltime',
      chartKind: 'bar',
    });

    expect(snippet).toContain('<script src="http://localhost:3000/embed/timeledger-embed.js" defer>');
  });

  it('adds the optional range, theme and height only when they are given', () => {
    const snippet = embedSnippet({
      origin: 'https://a.example',
      userId: 'u',
      projectId: 'p',
      chartType: 'timepertask',
      chartKind: 'pie',
      startDate: '2026-01-01',
      endDate: '2026-06-30',
      theme: 'dark',
      height: 360,
    });

    expect(snippet).toContain(
      'data-start-date="2026-01-01" data-end-date="2026-06-30" data-theme="dark" data-height="360"',
    );
    expect(
      embedSnippet({
        origin: 'https://a.example',
        userId: 'u',
        projectId: 'p',
        chartType: 'timepertask',
        chartKind: 'pie',
      }),
    ).not.toMatch(/data-start-date|data-theme|data-height/);
  });

  it('escapes identifiers so a value can never break out of its attribute', () => {
    const snippet = embedSnippet({
      origin: 'https://a.example',
      userId: 'u"><script>alert(1)</script>',
      projectId: 'p&q',
      chartType: 'profitloss',
      chartKind: 'line',
    });

    expect(snippet).not.toContain('<script>alert');
    expect(snippet).toContain('data-user-id="u&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(snippet).toContain('data-project-id="p&amp;q"');
  });

  it('produces markup the widget reads back to the same chart', () => {
    const snippet = embedSnippet({
      origin: 'https://a.example',
      userId: 'user 1',
      projectId: 'p"1',
      chartType: 'profitlossperhour',
      chartKind: DEFAULT_CHART_KIND.profitlossperhour,
      startDate: '2026-02-01',
    });
    const host = document.createElement('div');
    host.innerHTML = snippet;

    const config = readConfig(host.querySelector('[data-timeledger-chart]')!);

    expect(config).toMatchObject({
      userId: 'user 1',
      projectId: 'p"1',
      chartType: 'profitlossperhour',
      chartKind: 'line',
      startDate: '2026-02-01',
    });
  });
});

import { useTitle } from '../../lib/use-title';

const CHANGES: { date: string; items: string[] }[] = [
  {
    date: '22 Nov 2026',
    items: [
      'New app: faster start, a layout that works on phones and keyboard-friendly forms.',
      'Dark and light themes; dark mode stays on until you turn it off in the settings.',
      'Export all your data as a JSON file from the settings.',
      'Vouchers: redeem a code on the upgrade page to become premium.',
    ],
  },
  {
    date: '01 Sep 2026',
    items: ['Embed charts of a project on your own website.', 'Profit/loss per hour chart.'],
  },
  {
    date: '15 Jun 2026',
    items: ['Track income and expenses per project.', 'Task and sub-task suggestions while typing.'],
  },
  {
    date: '01 Mar 2026',
    items: ['First release: projects, time tracking with a live timer, dashboard charts.'],
  },
];

/** `/changelog`: dated list of past changes, newest first. */
export function ChangelogPage() {
  useTitle('Changelog');
  return (
    <section aria-labelledby="changelog-title">
      <h1 id="changelog-title">Changelog</h1>
      <dl className="changelog">
        {CHANGES.map((change) => (
          <div key={change.date}>
            <dt>
              <time dateTime={new Date(`${change.date} UTC`).toISOString().slice(0, 10)}>{change.date}</time>
            </dt>
            <dd>
              <ul>
                {change.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

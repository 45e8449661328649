import { formatDate, isoOfDay } from '../../lib/format';
import { useTitle } from '../../lib/use-title';

const CHANGES: { day: string; items: string[] }[] = [
  {
    day: '2026-11-22',
    items: [
      'New app: faster start, a layout that works on phones and keyboard-friendly forms.',
      'Dark and light themes; dark mode stays on until you turn it off in the settings.',
      'Export all your data as a JSON file from the settings.',
      'Vouchers: redeem a code on the upgrade page to become premium.',
    ],
  },
  {
    day: '2026-09-01',
    items: ['Embed charts of a project on your own website.', 'Profit/loss per hour chart.'],
  },
  {
    day: '2026-06-15',
    items: ['Track income and expenses per project.', 'Task and sub-task suggestions while typing.'],
  },
  {
    day: '2026-03-01',
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
          <div key={change.day}>
            <dt>
              <time dateTime={change.day}>{formatDate(isoOfDay(change.day))}</time>
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

/**
 * Timeledger embed bundle (`/embed/timeledger-embed.js`). Paste the snippet from the project
 * details page into any site:
 *
 *   <script src="https://<app>/embed/timeledger-embed.js" defer></script>
 *   <div data-timeledger-chart data-user-id="…" data-project-id="…"
 *        data-chart-type="timetracked" data-chart-kind="line"></div>
 *
 * Optional: `data-start-date` / `data-end-date` (yyyy-mm-dd), `data-theme` (light | dark | auto),
 * `data-height` (px). The API origin is the origin this script was loaded from.
 */
import { originFromScript } from './config';
import { start } from './widget';

const flag = window as Window & { __timeledgerEmbed?: boolean };
// The snippet pasted twice must not draw every chart twice.
if (!flag.__timeledgerEmbed) {
  flag.__timeledgerEmbed = true;
  try {
    start(document, originFromScript(document));
  } catch (error) {
    // A browser too old for the widget: leave the host page exactly as it was.
    console.warn('Timeledger embed: not started:', error);
  }
}

/**
 * `node --import tsx scripts/build-web.ts [app|embed]` (`npm run build`): builds the SPA and the
 * embed bundle (`infra/web-build.ts`); no argument builds both.
 */
import { buildApp, buildEmbed } from '../infra/web-build';

const which = process.argv[2];
if (!which || which === 'app') await buildApp();
if (!which || which === 'embed') await buildEmbed();

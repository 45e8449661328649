import { z } from 'zod';
import { chartQuerySchema } from '../domain/charts/query';
import { getEmbeddedChart } from '../domain/charts/service';
import { respond, route } from '../lib/http';

/**
 * Public and cacheable: any site may fetch it (`*`), and CloudFront or the browser may keep it five
 * minutes, which bounds what a popular embed costs.
 */
const EMBED_HEADERS = { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=300' };

/** GET /api/embed/{userId}/{projectId}/{chartType}/{chartKind} — a chart for another site, no token. */
export const handler = route(
  {
    auth: false,
    path: z.object({
      userId: z.string(),
      projectId: z.string(),
      chartType: z.string(),
      chartKind: z.string(),
    }),
    query: chartQuerySchema.pick({ startdate: true, enddate: true }),
  },
  async ({ path, query }) => respond(200, await getEmbeddedChart({ ...path, ...query }), EMBED_HEADERS),
);

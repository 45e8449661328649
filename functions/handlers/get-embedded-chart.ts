import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import * as charts from '../../contract/endpoints/charts';
import { getEmbeddedChart } from '../domain/tracking/charts/service';
import { publicRoute } from '../http/chain';
import { respond } from '../http/respond';

/**
 * Public and cacheable: any site may fetch it (`*`), and CloudFront or the browser may keep it five
 * minutes, which bounds what a popular embed costs.
 */
const EMBED_HEADERS = { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=300' };

const chart = publicRoute(charts.getEmbeddedChart, async ({ path, query }) =>
  respond(200, await getEmbeddedChart({ ...path, ...query }), EMBED_HEADERS),
);

/**
 * GET /api/embed/{userId}/{projectId}/{chartType}/{chartKind} — a chart for another site, no token.
 * Refusals (404, 400) carry `access-control-allow-origin: *` too, so the embed script on the other
 * site can read them and show "not available" instead of a network error; they stay uncached, so
 * turning embedding on takes effect at once.
 */
export async function handler(event: APIGatewayProxyEventV2, context: Context) {
  const response = await chart(event, context);
  return { ...response, headers: { ...response.headers, 'access-control-allow-origin': '*' } };
}

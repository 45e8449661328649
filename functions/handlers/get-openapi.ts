import { route } from '../lib/http';
import { openApiDocument } from '../openapi/document';

/** GET /api/openapi.json — the API described as OpenAPI 3.1, generated from the route table (public). */
export const handler = route({ handler: 'get-openapi' }, async () => openApiDocument());

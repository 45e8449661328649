import * as files from '../../contract/endpoints/files';
import { publicRoute } from '../http/chain';
import { openApiDocument } from '../openapi/document';

/** GET /api/openapi.json — the API described as OpenAPI 3.1, generated from the route table (public). */
export const handler = publicRoute(files.getOpenapi, async () => openApiDocument());

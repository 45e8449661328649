import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { openApiDocument } from '../functions/openapi/document';
import type { RouteDefinition } from '../functions/routes';

/**
 * Checks an answer of the API against the OpenAPI document, so the document cannot drift from the
 * code: the status must be one the route documents, and a JSON body must match that status's
 * schema (no missing field, no field the document does not name). `call()` applies it to every
 * answer of every API test.
 */

const ajv = new Ajv2020({ strict: false, allErrors: true });
const compiled = new Map<string, ValidateFunction | 'csv' | 'pdf' | 'xml' | 'none'>();

interface ResponseDoc {
  content?: Record<string, { schema: Record<string, unknown> }>;
}

function validatorFor(
  route: RouteDefinition,
  status: number,
): ValidateFunction | 'csv' | 'pdf' | 'xml' | 'none' | undefined {
  const key = `${route.method} ${route.path} ${status}`;
  const known = compiled.get(key);
  if (known) return known;
  const doc = openApiDocument();
  const operation = (doc.paths[route.path] as Record<string, { responses: Record<string, ResponseDoc> }>)?.[
    route.method.toLowerCase()
  ];
  const response = operation?.responses[String(status)];
  if (!response) return undefined;
  let check: ValidateFunction | 'csv' | 'pdf' | 'xml' | 'none';
  if (!response.content) check = 'none';
  else if (response.content['text/csv'] && !response.content['application/json']) check = 'csv';
  else if (response.content['application/pdf']) check = 'pdf';
  else if (response.content['application/xml']) check = 'xml';
  else {
    let schema = response.content['application/json']!.schema;
    if (schema.$ref === '#/components/schemas/Error') schema = doc.components.schemas.Error;
    check = ajv.compile(schema);
  }
  compiled.set(key, check);
  return check;
}

/** Whether the route documents a CSV beside its JSON for `status` (`?format=csv`). */
function hasCsvAlternative(route: RouteDefinition, status: number): boolean {
  const operation = (
    openApiDocument().paths[route.path] as Record<string, { responses: Record<string, ResponseDoc> }>
  )?.[route.method.toLowerCase()];
  return Boolean(operation?.responses[String(status)]?.content?.['text/csv']);
}

export function checkAgainstOpenApi(
  route: RouteDefinition,
  status: number,
  headers: Record<string, string>,
  body: unknown,
): void {
  const where = `${route.method} ${route.path} answered ${status}`;
  const check = validatorFor(route, status);
  if (!check) throw new Error(`${where}, a status the OpenAPI document does not list for it`);
  const type = headers['content-type'] ?? '';
  if (type.startsWith('text/csv') && hasCsvAlternative(route, status)) return;
  if (check === 'none') {
    if (body !== '' && body !== undefined)
      throw new Error(`${where} with a body the document says it has not`);
    return;
  }
  if (check === 'pdf') {
    if (type !== 'application/pdf')
      throw new Error(`${where} as ${type}, not the documented application/pdf`);
    return;
  }
  if (check === 'xml') {
    if (!type.startsWith('application/xml'))
      throw new Error(`${where} as ${type}, not the documented application/xml`);
    return;
  }
  if (check === 'csv') {
    if (!type.startsWith('text/csv')) throw new Error(`${where} as ${type}, not the documented text/csv`);
    return;
  }
  if (!type.includes('json')) throw new Error(`${where} as ${type}, not the documented JSON`);
  if (!check(body)) {
    throw new Error(
      `${where} with a body that does not match the OpenAPI document: ${ajv.errorsText(check.errors)}`,
    );
  }
}

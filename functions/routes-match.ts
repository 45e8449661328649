/**
 * Finding the route for a request, as API Gateway does: the local server and the API tests' client
 * dispatch through it. On AWS, API Gateway does the matching: no Lambda bundle carries this module
 * (the OpenAPI handler reads the route table, never matches against it).
 */
import { ROUTES, type RouteDefinition } from './routes';

export interface RouteMatch {
  route: RouteDefinition;
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  route: RouteDefinition;
  names: string[];
  regex: RegExp;
}

let compiled: CompiledRoute[] | undefined;

/** Compiled on first use. */
const compile = (): CompiledRoute[] =>
  ROUTES.map((route) => {
    const names: string[] = [];
    // A literal `.` (`timeactivities.csv`) matches only itself.
    const pattern = route.path.replace(/\./g, '\\.').replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { route, names, regex: new RegExp(`^${pattern}/?$`) };
  });

/**
 * A path segment with its percent-escapes decoded; a malformed escape (`%`, `%zz`, bytes that are
 * not UTF-8) leaves the segment as sent, so the handler refuses it (a malformed id is a 404)
 * instead of the router throwing.
 */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Finds the route for a request as API Gateway would: exact method and path (one optional
 * trailing slash, as the specification writes some paths with one). `undefined` when none matches;
 * `methodNotAllowed` when the path exists under another method.
 */
export function matchRoute(
  method: string,
  path: string,
): RouteMatch | { methodNotAllowed: true } | undefined {
  let pathMatched = false;
  compiled ??= compile();
  for (const { route, names, regex } of compiled) {
    const m = regex.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    const pathParameters: Record<string, string> = {};
    names.forEach((name, i) => {
      pathParameters[name] = decodeSegment(m[i + 1] ?? '');
    });
    return { route, pathParameters };
  }
  return pathMatched ? { methodNotAllowed: true } : undefined;
}

/**
 * The built files: the SPA with CloudFront's history fallback, and the embed bundle, each with the
 * cache headers S3 stores them with on AWS.
 */
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import { Script } from 'node:vm';
import { webConfig } from '../web-config';
import {
  appCacheControl,
  CACHE_CONTROL,
  EMBED_EXAMPLE_PATH,
  isUnpublished,
  preflightHeaders,
  responseHeaders,
  type Surface,
} from '../web-headers';
import { analyticsUrl, errorBody, JSON_HEADERS, refuse, send } from './respond';

const ROOT = resolve(import.meta.dirname, '../..');

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The file under `dir` that a decoded URL path names, or `undefined` when it is not a file there. */
async function fileIn(dir: string, path: string): Promise<{ file: string; mtimeMs: number } | undefined> {
  const base = resolve(dir);
  const file = resolve(base, `.${path}`);
  // `..` segments (encoded or not) must not leave the directory.
  if (file !== base && !file.startsWith(base + sep)) return undefined;
  try {
    const info = await stat(file);
    return info.isFile() ? { file, mtimeMs: info.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

async function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  surface: Surface,
  found: { file: string; mtimeMs: number },
  cacheControl: string,
) {
  const body = await readFile(found.file);
  return send(
    req,
    res,
    surface,
    200,
    {
      'content-type': MIME[extname(found.file)] ?? 'application/octet-stream',
      'cache-control': cacheControl,
    },
    body,
    `${found.file}:${found.mtimeMs}`,
  );
}

/** The CloudFront Function of the stack's history fallback, run on each app request as CloudFront runs it. */
const spaFallback = new Script(
  `${readFileSync(join(ROOT, 'infra', 'spa-fallback.js'), 'utf8')}\nhandler({ request: { uri } }).uri`,
);
const fallbackPath = (uri: string): string => spaFallback.runInNewContext({ uri }) as string;

export interface StaticDirs {
  /** The built SPA (index.html plus assets); unknown paths fall back to index.html, as CloudFront does. */
  app: string;
  /** The built embed bundle, served under /embed/ with open CORS. */
  embed: string;
}

/** Answers a request for a built file: the embed bundle under `/embed/`, else the SPA. */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, path: string, dirs: StaticDirs) {
  const method = req.method ?? 'GET';
  if (isUnpublished(path)) return refuse(req, res, path.startsWith('/embed/') ? 'embed' : 'app', 404);
  if (path === EMBED_EXAMPLE_PATH && (method === 'GET' || method === 'HEAD')) {
    const page = await fileIn(dirs.embed, '/example.html');
    if (!page) return refuse(req, res, 'app', 404);
    return serveFile(req, res, 'app', page, CACHE_CONTROL.page);
  }
  if (path.startsWith('/embed/')) {
    if (method === 'OPTIONS') {
      res.writeHead(204, { ...responseHeaders('embed'), ...preflightHeaders('embed') });
      return void res.end();
    }
    if (method !== 'GET' && method !== 'HEAD')
      return refuse(req, res, 'embed', 405, { allow: 'GET, HEAD, OPTIONS' });
    const file = await fileIn(dirs.embed, path.slice('/embed'.length));
    if (!file) return refuse(req, res, 'embed', 404);
    return serveFile(req, res, 'embed', file, CACHE_CONTROL.embedBundle);
  }

  if (method !== 'GET' && method !== 'HEAD') return refuse(req, res, 'app', 405, { allow: 'GET, HEAD' });
  // What the stack writes into the web bucket, here from the environment.
  if (path === '/config.json') {
    return send(req, res, 'app', 200, JSON_HEADERS, Buffer.from(JSON.stringify(webConfig(analyticsUrl()))));
  }
  const served = fallbackPath(path);
  if (served !== '/index.html') {
    // A built file, or nothing: S3 has no fallback for a missing file either.
    const asset = await fileIn(dirs.app, served);
    if (!asset) return refuse(req, res, 'app', 404);
    return serveFile(req, res, 'app', asset, appCacheControl(relative(dirs.app, asset.file)));
  }
  const index = await fileIn(dirs.app, '/index.html');
  if (!index) {
    return send(
      req,
      res,
      'app',
      503,
      JSON_HEADERS,
      Buffer.from(JSON.stringify(errorBody('The app is not built', 'APP_NOT_BUILT'))),
    );
  }
  return serveFile(req, res, 'app', index, CACHE_CONTROL.page);
}

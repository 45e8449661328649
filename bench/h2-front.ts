import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createSecureServer } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './stack';

/** Headers of one HTTP/1.1 connection that HTTP/2 does not carry. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

const copyHeaders = (headers: Record<string, string | string[] | undefined>) => {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !name.startsWith(':') && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
};

/**
 * An HTTPS front speaking HTTP/2 before the local server (HTTP/1.1), as CloudFront serves the app
 * (the stack's distribution keeps CDK's default, HTTP/2): over HTTP/1.1 a browser opens at most six
 * connections to the server, so the first screen's chunks queue behind each other in a way the
 * deployed page's never do. The certificate is made for 127.0.0.1 on the spot (openssl) and thrown
 * away; the measuring browser is told to accept it. Bench only.
 */
export async function startHttp2Front(
  target: string,
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'timeledger-h2-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'].concat([
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
    ]),
    { stdio: 'ignore' },
  );
  const origin = new URL(target);
  const server = createSecureServer({ key: await readFile(key), cert: await readFile(cert) }, (req, res) => {
    const headers = { ...copyHeaders(req.headers), host: origin.host };
    const upstream = request(
      { host: origin.hostname, port: origin.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, copyHeaders(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    baseUrl: `https://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((ok) => server.close(() => ok()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * CloudFront Function (cloudfront-js-2.0, viewer request) on the SPA's default behaviour: the
 * history fallback. Built files keep their path: everything under /assets/ (content-hashed), and
 * a file at the root (robots.txt, favicon.ico, index.html). Any other path is a route of the app
 * and gets /index.html, even when its last segment holds a dot (a mailed token, a JWT). /embed/*
 * and /api/* have behaviours of their own; they are left alone here too, should they ever reach it.
 * The local server applies this same file (infra/local/server.ts).
 */
// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls `handler` by its name.
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var file =
    uri.indexOf('/assets/') === 0 ||
    uri.indexOf('/embed/') === 0 ||
    uri.indexOf('/api/') === 0 ||
    (uri.lastIndexOf('/') === 0 && uri.indexOf('.') !== -1);
  if (!file) request.uri = '/index.html';
  return request;
}

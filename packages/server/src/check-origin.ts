/**
 * Whether a request may use the proxy: its `Origin` is the handler's own (same host) or an allowed
 * one. A request without `Origin` (a server, curl) passes unless the browser marks it cross-site.
 * Returns the origin to echo in CORS headers when it is an allowed foreign one.
 */
export function checkOrigin(
  request: Request,
  allowed: ReadonlySet<string>,
): { ok: true; corsOrigin: string | undefined } | { ok: false; reason: string } {
  const origin = request.headers.get('origin');
  if (origin === null) {
    if (request.headers.get('sec-fetch-site') === 'cross-site')
      return { ok: false, reason: 'cross-site requests are not allowed' };
    return { ok: true, corsOrigin: undefined };
  }
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return { ok: false, reason: 'the Origin header is not an origin' };
  }
  // TLS is often terminated in front of the app, so the handler's own scheme is not trusted: same host is same origin.
  if (parsed.host === new URL(request.url).host) return { ok: true, corsOrigin: undefined };
  if (allowed.has(parsed.origin)) return { ok: true, corsOrigin: parsed.origin };
  return { ok: false, reason: `origin ${parsed.origin} is not allowed` };
}

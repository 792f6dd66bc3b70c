/** An `allowedHosts` entry: a host name (a leading dot: it and its subdomains), with one port or every port. */
export type HostPattern = { hostname: string; subdomains: boolean; port: string | undefined };

/** The hosts a local development server answers on; a deployment lists its own. */
export const DEFAULT_ALLOWED_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** `name`, `name:port`, `[v6]`, `[v6]:port`; nothing else (no scheme, user, path). */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*)(?::(\d{1,5}))?$/;

/** Parses an `allowedHosts` entry, or `undefined` when it is not one. */
export function parseHostPattern(entry: string): HostPattern | undefined {
  const subdomains = entry.startsWith('.');
  const match = HOST.exec((subdomains ? entry.slice(1) : entry).toLowerCase());
  if (match === null) return undefined;
  return { hostname: match[1] as string, subdomains, port: match[2] };
}

function hostAllowed(host: string, allowed: readonly HostPattern[]): boolean {
  const match = HOST.exec(host.toLowerCase());
  if (match === null) return false;
  const [, hostname = '', port] = match;
  return allowed.some(
    (pattern) =>
      (hostname === pattern.hostname || (pattern.subdomains && hostname.endsWith(`.${pattern.hostname}`))) &&
      (pattern.port === undefined || pattern.port === port),
  );
}

/**
 * Whether the request was addressed to one of the hosts the proxy serves (`allowedHosts`): its
 * `Host` header and its URL's host must both be one. After a DNS rebinding the browser sends the
 * attacker's host name, so this check is what stops it; the origin check alone cannot (the
 * attacker's page is then "same-origin"). Returns the host the origin check compares against.
 */
export function checkHost(
  request: Request,
  allowed: readonly HostPattern[],
): { ok: true; host: string } | { ok: false; reason: string } {
  const urlHost = new URL(request.url).host;
  const host = (request.headers.get('host') ?? urlHost).toLowerCase();
  for (const candidate of new Set([host, urlHost])) {
    if (!hostAllowed(candidate, allowed))
      return { ok: false, reason: `host ${JSON.stringify(candidate)} is not in the proxy's allowedHosts` };
  }
  return { ok: true, host };
}

/**
 * Whether a request may use the proxy: its `Origin` is the handler's own (the `Host` that
 * {@link checkHost} accepted) or an allowed one. A request without `Origin` (a server, curl) passes
 * unless the browser marks it cross-site. Returns the origin to echo in CORS headers when it is an
 * allowed foreign one.
 */
export function checkOrigin(
  request: Request,
  host: string,
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
  if (withoutDefaultPort(parsed.host) === withoutDefaultPort(host)) return { ok: true, corsOrigin: undefined };
  if (allowed.has(parsed.origin)) return { ok: true, corsOrigin: parsed.origin };
  return { ok: false, reason: `origin ${parsed.origin} is not allowed` };
}

function withoutDefaultPort(host: string): string {
  return host.replace(/:(?:80|443)$/, '');
}

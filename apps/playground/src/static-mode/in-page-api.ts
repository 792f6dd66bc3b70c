import { toFetchHandler } from '../../server/fetch-adapter';
import { createPlaygroundBackend } from '../../server/provider-endpoints';

/** Same-origin `/api/*` only: everything else goes to the network as before. */
function apiRequestUrl(input: RequestInfo | URL): URL | undefined {
  const raw = input instanceof Request ? input.url : String(input);
  const url = new URL(raw, window.location.href);
  return url.origin === window.location.origin && url.pathname.startsWith('/api/') ? url : undefined;
}

/**
 * Serves `/api/*` inside the page with the playground server's own backend (the scripted model,
 * its SSE wire formats, faults, pacing and request log) by wrapping `window.fetch`, so the built
 * site runs on any static host. It gets none of the server's parts (`ServerParts`): no live proxy
 * (no server to hold a key), no Redis log.
 */
export async function installInPageApi(): Promise<void> {
  const handle = toFetchHandler(createPlaygroundBackend());
  const network = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    if (apiRequestUrl(input) === undefined) return network(input, init);
    const request = new Request(input, init);
    const response = await handle(request);
    return (
      response ??
      new Response(JSON.stringify({ error: { message: `No route ${request.method}`, type: 'not_found' } }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      })
    );
  };
}

/** A server instance as a Fetch handler. */
export type Instance = (request: Request) => Promise<Response>;

/**
 * A `fetch` that sends request number `i` (0 first) to `route(i)` and breaks that response's body
 * after `cuts[i]` bytes, as a dropped connection does: the client's read fails and the server sees
 * its body cancelled. `undefined`: the body passes whole. Records each request it sent.
 */
export function droppingFetch(route: (index: number) => Instance, cuts: readonly (number | undefined)[]) {
  const requests: Request[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const index = requests.length;
    requests.push(request);
    const response = await route(index)(request);
    const cut = cuts[index];
    if (cut === undefined || response.body === null) return response;
    return new Response(cutAfter(response.body, cut), { status: response.status, headers: response.headers });
  };
  return { fetch: fetchImpl as typeof fetch, requests };
}

function cutAfter(body: ReadableStream<Uint8Array>, bytes: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const room = bytes - sent;
      const { done, value } = room > 0 ? await reader.read() : { done: false, value: new Uint8Array() };
      if (done) return controller.close();
      if (value.length < room) {
        sent += value.length;
        return controller.enqueue(value);
      }
      if (room > 0) controller.enqueue(value.slice(0, room));
      sent = bytes;
      void reader.cancel();
      controller.error(new TypeError('terminated'));
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

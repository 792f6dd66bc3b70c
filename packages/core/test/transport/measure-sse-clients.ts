// Measures SSE clients for docs/decisions/0005-sse-transport.md. Run: npx tsx packages/core/test/transport/measure-sse-clients.ts
// Part 1 feeds the 40 conformance vectors through each parser under every chunking.
// Part 2 drives each client's fetch loop against a real local HTTP server and counts requests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchEventSource } from '@microsoft/fetch-event-source';
import { getLines, getMessages } from '@microsoft/fetch-event-source/lib/esm/parse.js';
import { createParser } from 'eventsource-parser';
import { measure, printTable } from '../../../../bench/harness';
import { AbortError, fetchEventStream, TransportError } from '../../src/index';
import { SSEDecoder } from '../../src/transport/sse-decoder';
import {
  asByteChunks,
  chunkingsOf,
  matchesVector,
  sseVectors,
  type VectorEvent,
  type VectorResult,
} from './sse-vectors';

type Contender = { name: string; run(chunks: (Uint8Array | string)[]): VectorResult };

const contenders: Contender[] = [
  {
    name: 'SSEDecoder (own line parser, no dependency)',
    run(chunks) {
      const decoder = new SSEDecoder();
      const messages = [...chunks.flatMap((chunk) => decoder.push(chunk)), ...decoder.end()];
      return {
        events: messages.map((m) => ({ type: m.event, data: m.data, lastEventId: m.id })),
        retry: decoder.retry ?? null,
      };
    },
  },
  {
    // 3.1.1 has no onId: an id reaches the caller only with an event that has data.
    name: 'eventsource-parser 3.1.1 (default TextDecoder, reset on end)',
    run(chunks) {
      const events: VectorEvent[] = [];
      let lastEventId = '';
      let retry: number | null = null;
      const parser = createParser({
        onEvent: (e) => {
          if (e.id !== undefined) lastEventId = e.id;
          events.push({ type: e.event ?? 'message', data: e.data, lastEventId });
        },
        onRetry: (ms) => {
          retry = ms;
        },
      });
      const decoder = new TextDecoder();
      for (const chunk of chunks)
        parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      parser.feed(decoder.decode());
      parser.reset({ consume: true });
      return { events, retry };
    },
  },
  {
    name: 'eventsource-parser 3.1.1 (naive: no end flush)',
    run(chunks) {
      const events: VectorEvent[] = [];
      let lastEventId = '';
      let retry: number | null = null;
      const parser = createParser({
        onEvent: (e) => {
          if (e.id !== undefined) lastEventId = e.id;
          events.push({ type: e.event ?? 'message', data: e.data, lastEventId });
        },
        onRetry: (ms) => {
          retry = ms;
        },
      });
      const decoder = new TextDecoder();
      for (const chunk of chunks)
        parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      return { events, retry };
    },
  },
  {
    name: '@microsoft/fetch-event-source 2.0.1 (getLines/getMessages)',
    run(chunks) {
      const events: VectorEvent[] = [];
      let lastEventId = '';
      let retry: number | null = null;
      const onChunk = getLines(
        getMessages(
          (id) => {
            lastEventId = id;
          },
          (ms) => {
            retry = ms;
          },
          (m) => events.push({ type: m.event || 'message', data: m.data, lastEventId }),
        ),
      );
      for (const chunk of asByteChunks(chunks)) onChunk(chunk);
      return { events, retry };
    },
  },
];

function measureVectors(): void {
  console.log('\n### Conformance vectors (40 vectors × 27 chunkings = 1080 runs each)\n');
  console.log('| parser | vectors passing under every chunking | runs passing | vectors failing |');
  console.log('|---|---:|---:|---|');
  for (const contender of contenders) {
    let runs = 0;
    let passedRuns = 0;
    const failing: string[] = [];
    for (const vector of sseVectors) {
      let allPass = true;
      for (const chunking of chunkingsOf(vector.input)) {
        runs++;
        let ok = false;
        try {
          ok = matchesVector(vector, contender.run(chunking.chunks));
        } catch {
          ok = false;
        }
        if (ok) passedRuns++;
        else allPass = false;
      }
      if (!allPass) failing.push(vector.name);
    }
    const passing = sseVectors.length - failing.length;
    console.log(`| ${contender.name} | ${passing}/40 | ${passedRuns}/${runs} | ${failing.join(', ') || '—'} |`);
  }
}

// ---- Part 2: behaviour over HTTP ----

type Route = (req: IncomingMessage, res: ServerResponse) => void;

async function withServer<T>(route: Route, body: (url: string, hits: () => number) => Promise<T>): Promise<T> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    route(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await body(`http://127.0.0.1:${port}/`, () => hits);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const sse: Route = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write('data: one\n\n');
  setTimeout(() => res.end('data: two\n\n'), 300);
};
const status =
  (code: number): Route =>
  (_req, res) => {
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end('{"error":"nope"}');
  };
const dropping: Route = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write('data: partial\n\n');
  setTimeout(() => res.socket?.destroy(), 50);
};
const neverEnding: Route = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write('data: first\n\n');
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Installs a minimal `document`/`window` so a browser-only client can run in Node. */
function withFakeDom(): { setHidden(hidden: boolean): void; remove(): void } {
  const target = new EventTarget();
  let hidden = false;
  const fakeDocument = {
    get hidden() {
      return hidden;
    },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  };
  const globals = globalThis as Record<string, unknown>;
  globals.document = fakeDocument;
  globals.window = { setTimeout, clearTimeout, fetch };
  return {
    setHidden(value) {
      hidden = value;
      target.dispatchEvent(new Event('visibilitychange'));
    },
    remove() {
      delete globals.document;
      delete globals.window;
    },
  };
}

/** Settles `promise` or reports that it did not settle within `ms`. */
async function outcome(promise: Promise<unknown>, ms: number): Promise<string> {
  const timeout = sleep(ms).then(() => `still pending after ${ms} ms`);
  const settled = promise.then(
    () => 'resolved (no error)',
    (error: unknown) =>
      error instanceof TransportError
        ? `TransportError status ${error.status}`
        : error instanceof Error
          ? `${error.name}: ${error.message.slice(0, 60)}`
          : String(error),
  );
  return Promise.race([settled, timeout]);
}

async function drain(iterable: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of iterable) {
    // consume
  }
}

type Row = { scenario: string; fes: string; ours: string };

async function measureBehaviour(): Promise<Row[]> {
  const rows: Row[] = [];
  const post = { method: 'POST', body: '{"q":1}', headers: { 'content-type': 'application/json' } };

  // Node / Worker: no DOM globals at all.
  rows.push(
    await withServer(sse, async (url, hits) => {
      const fes = await outcome(fetchEventSource(url, { ...post, onmessage() {} }), 1500);
      const fesHits = hits();
      const ours = await outcome(drain(fetchEventStream(url, post)), 1500);
      return {
        scenario: 'Node, no `document`/`window`',
        fes: `${fes}; requests: ${fesHits}`,
        ours: `${ours}; requests: ${hits() - fesHits}`,
      };
    }),
  );
  rows.push(
    await withServer(sse, async (url, hits) => {
      const escaped: string[] = [];
      const onEscape = (error: unknown) =>
        escaped.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
      process.on('uncaughtException', onEscape);
      process.on('unhandledRejection', onEscape);
      const fes = await outcome(fetchEventSource(url, { ...post, openWhenHidden: true, fetch, onmessage() {} }), 1500);
      process.off('uncaughtException', onEscape);
      process.off('unhandledRejection', onEscape);
      return {
        scenario: 'Node, `openWhenHidden: true` and `fetch` passed',
        fes: `${fes}; requests: ${hits()}; unhandled: ${escaped.join(', ') || 'none'}`,
        ours: 'n/a (no option needed)',
      };
    }),
  );

  // Tab hidden then shown mid-generation (fake DOM so the browser client can run at all).
  rows.push(
    await withServer(sse, async (url, hits) => {
      const dom = withFakeDom();
      try {
        const fes = fetchEventSource(url, { ...post, onmessage() {} });
        await sleep(100);
        dom.setHidden(true);
        dom.setHidden(false);
        const fesResult = await outcome(fes, 1500);
        const fesHits = hits();
        const ours = drain(fetchEventStream(url, post));
        await sleep(100);
        dom.setHidden(true);
        dom.setHidden(false);
        const oursResult = await outcome(ours, 1500);
        return {
          scenario: 'tab hidden → visible mid-stream (POST)',
          fes: `${fesResult}; POST sent ${fesHits}×`,
          ours: `${oursResult}; POST sent ${hits() - fesHits}×`,
        };
      } finally {
        dom.remove();
      }
    }),
  );

  for (const [scenario, route] of [
    ['HTTP 400 (JSON body)', status(400)],
    ['HTTP 500 (JSON body)', status(500)],
    ['connection dropped mid-stream', dropping],
  ] as const) {
    rows.push(
      await withServer(route, async (url, hits) => {
        const dom = withFakeDom();
        try {
          const controller = new AbortController();
          const fes = outcome(
            fetchEventSource(url, { ...post, openWhenHidden: true, signal: controller.signal, onmessage() {} }),
            2500,
          );
          const fesResult = await fes;
          controller.abort();
          const fesHits = hits();
          const oursResult = await outcome(drain(fetchEventStream(url, post)), 2500);
          return {
            scenario: `${scenario}, default options`,
            fes: `${fesResult}; POST sent ${fesHits}× in 2.5 s`,
            ours: `${oursResult}; POST sent ${hits() - fesHits}×`,
          };
        } finally {
          dom.remove();
        }
      }),
    );
  }

  rows.push(
    await withServer(neverEnding, async (url) => {
      const dom = withFakeDom();
      try {
        const fesController = new AbortController();
        const fes = fetchEventSource(url, {
          ...post,
          openWhenHidden: true,
          signal: fesController.signal,
          onmessage() {},
        });
        setTimeout(() => fesController.abort(), 100);
        const fesResult = await outcome(fes, 1000);
        const controller = new AbortController();
        setTimeout(() => controller.abort(), 100);
        const oursResult = await outcome(drain(fetchEventStream(url, { ...post, signal: controller.signal })), 1000);
        return {
          scenario: 'caller aborts mid-stream',
          fes: fesResult,
          ours: `${oursResult}${oursResult.startsWith('AbortError') ? '' : ''}`,
        };
      } finally {
        dom.remove();
      }
    }),
  );
  void AbortError;
  return rows;
}

/** Part 3: throughput on chat-like streams (many small events; one long line), bytes in small chunks. */
function measureThroughput(): void {
  const delta = (i: number) => `data: {"choices":[{"delta":{"content":"token ${i} \\u00e9"}}]}\n\n`;
  const chatStream = new TextEncoder().encode(Array.from({ length: 5000 }, (_, i) => delta(i)).join(''));
  const longLine = new TextEncoder().encode(`data: ${'x'.repeat(256 * 1024)}\n\n`);
  const split = (bytes: Uint8Array, size: number) =>
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
  for (const [title, bytes, size] of [
    ['5000 chat events, 32-byte chunks', chatStream, 32],
    ['one 256 KB data line, 16-byte chunks', longLine, 16],
  ] as const) {
    const chunks = split(bytes, size);
    const results = measure(
      [contenders[0], contenders[3]].map((contender) => ({
        name: contender?.name ?? '',
        run: () => contender?.run(chunks).events.length,
      })),
    );
    printTable(title, results, contenders[0]?.name ?? '', bytes.length);
  }
}

measureVectors();
measureThroughput();
const rows = await measureBehaviour();
console.log('\n### Behaviour against a local HTTP server (127.0.0.1)\n');
console.log('| scenario | @microsoft/fetch-event-source 2.0.1 `fetchEventSource` | `fetchEventStream` (ours) |');
console.log('|---|---|---|');
for (const row of rows) console.log(`| ${row.scenario} | ${row.fes} | ${row.ours} |`);
process.exit(0);

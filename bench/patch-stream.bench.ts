/**
 * `npm run bench -- patch-stream`: bytes on the wire for a server-side generation sent to the
 * browser three ways, for a 64 KB and a 256 KB JSON answer in 20-character chunks:
 * - the patch stream as `toPatchStream` writes it when the reader keeps up (one SSE message per
 *   event, the worst case: no coalescing),
 * - the same read as fast as possible (events gathered since the last read are one message),
 * - whole partial objects, one SSE message per chunk (what `streamObject` + `useObject` send),
 * - for scale, the raw answer text as SSE deltas (which leaves all parsing to the browser).
 * Then the browser's side: CPU time of `fromPatchStream` reading the written stream (every patch
 * through `instant()` while `getData()` waits), which must grow linearly with the answer; and the
 * server's: `toPatchStream` writing one long string field, which must too.
 */
import { createResponse, createStreamParser, type ResponseEvent } from '../packages/core/src/index';
import { fromPatchStream } from '../packages/core/src/patch-stream/from-patch-stream';
import { PatchEncoder } from '../packages/core/src/patch-stream/patch-codec';
import { toPatchStream } from '../packages/core/src/patch-stream/to-patch-stream';
import { scriptedModel } from '../packages/core/src/testing';
import { chunkText, median } from './harness';
import { benchDocument } from './json-documents';

const CHUNK = 20;
const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

function makeResponse(answer: string) {
  return createResponse({
    model: scriptedModel({ answers: [answer], chunkSize: CHUNK }),
    input: 'report',
    format: 'json',
  });
}

/** One SSE message per response and observation event, each encoded on its own. */
async function perEventBytes(answer: string): Promise<{ bytes: number; events: number }> {
  const response = makeResponse(answer);
  const encoder = new PatchEncoder();
  let bytes = 0;
  let events = 0;
  const add = (wire: unknown) => {
    bytes += utf8(`data: [${JSON.stringify(wire)}]\n\n`);
    events++;
  };
  response.subscribe((event: ResponseEvent) => {
    if (event.type !== 'text') add(encoder.encode(event));
  });
  response.observe((event) => add(encoder.observation(event)));
  await response.getData();
  return { bytes: bytes + utf8('event: end\ndata: {}\n\n'), events };
}

/**
 * The scripted model answers faster than a frame: paced per frame, the whole answer would be a
 * message or two. Measured here is the most a reader is sent, one message per event-loop turn.
 */
const EVERY_TURN = { frameMs: 0 };

/** What `toPatchStream` actually writes when read as fast as possible. */
async function streamedBytes(answer: string): Promise<{ bytes: number; messages: number }> {
  const reader = (toPatchStream(makeResponse(answer), EVERY_TURN).body as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  let messages = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    bytes += next.value.byteLength;
    messages++;
  }
  return { bytes, messages };
}

/** Median CPU ms of `task` over `runs` runs, after one to warm up. */
async function medianCpuMs(task: () => Promise<unknown>, runs: number): Promise<number> {
  await task();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    await task();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return median(times);
}

/** `fromPatchStream` reading `wire` (an in-memory fetch): getData() awaited while every instant() patch is read. */
async function readPatchStream(wire: string): Promise<void> {
  const client = fromPatchStream({
    url: 'http://bench.invalid/',
    fetch: async () => new Response(wire, { headers: { 'content-type': 'text/event-stream' } }),
  });
  // As an app does: the data is awaited while the patches stream.
  const data = client.getData();
  for await (const _ of client.instant());
  await data;
}

/** The answer text itself, one SSE message per chunk: the floor, with all parsing left to the browser. */
function rawTextBytes(answer: string): number {
  let bytes = 0;
  for (const chunk of chunkText(answer, 1, CHUNK, CHUNK)) bytes += utf8(`data: ${JSON.stringify({ d: chunk })}\n\n`);
  return bytes;
}

/** The partial object after every chunk, serialised whole, as an object stream sends it. */
function wholeObjectBytes(answer: string): number {
  const parser = createStreamParser({ format: 'json' });
  let bytes = 0;
  for (const chunk of chunkText(answer, 1, CHUNK, CHUNK)) {
    parser.push(chunk);
    bytes += utf8(`data: ${JSON.stringify(parser.snapshot())}\n\n`);
  }
  parser.finish();
  return bytes + utf8(`data: ${JSON.stringify(parser.snapshot())}\n\n`);
}

/** A bench document of `bytes` UTF-8 bytes or just over (whole sections). */
function answerOf(bytes: number): string {
  // benchDocument's size argument counts sections before indentation: grow it until the text is big enough.
  for (let guess = Math.ceil(bytes * 0.6); ; guess = Math.ceil(guess * 1.02)) {
    const answer = benchDocument(guess);
    if (utf8(answer) >= bytes) return answer;
  }
}

export default async function patchStreamBench(): Promise<void> {
  console.log(`\n## Bytes on the wire: patch stream vs whole partial objects (${CHUNK}-char chunks)\n`);
  console.log(
    '| answer | patch stream, 1 message/event | patch stream, read at full speed | whole partial objects | raw text deltas (browser parses) |',
  );
  console.log('|---|---|---|---|---|');
  const ratios: number[] = [];
  for (const size of [64 * 1024, 256 * 1024]) {
    const answer = answerOf(size);
    const answerBytes = utf8(answer);
    const perEvent = await perEventBytes(answer);
    const streamed = await streamedBytes(answer);
    const whole = wholeObjectBytes(answer);
    const x = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB (${(bytes / answerBytes).toFixed(2)}×)`;
    console.log(
      `| ${(answerBytes / 1024).toFixed(0)} KB | ${x(perEvent.bytes)}, ${perEvent.events} events | ${x(streamed.bytes)}, ${streamed.messages} messages | ${x(whole)} | ${x(rawTextBytes(answer))} |`,
    );
    ratios.push(perEvent.bytes / answerBytes);
  }
  const growth = (ratios[1] ?? Number.NaN) / (ratios[0] ?? Number.NaN);
  const worst = Math.max(...ratios);
  const check = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `\nTargets: linear, bytes per answer byte at 256 KB ≤ 1.05× those at 64 KB (${growth.toFixed(2)}×): ${check(growth <= 1.05)}; ` +
      `at most 2× the answer even with one message per event (${worst.toFixed(2)}×): ${check(worst <= 2)}.`,
  );

  console.log('\n### The browser side: fromPatchStream reading the stream (CPU, median of 7)\n');
  console.log('| answer | wire | CPU ms | µs per answer KB |');
  console.log('|---|---:|---:|---:|');
  const perKb: number[] = [];
  for (const size of [64 * 1024, 256 * 1024]) {
    const answer = answerOf(size);
    const wire = await toPatchStream(makeResponse(answer), EVERY_TURN).text();
    const ms = await medianCpuMs(() => readPatchStream(wire), 7);
    perKb.push((1000 * ms) / (utf8(answer) / 1024));
    console.log(
      `| ${(utf8(answer) / 1024).toFixed(0)} KB | ${(utf8(wire) / 1024).toFixed(0)} KB | ${ms.toFixed(1)} | ${(perKb.at(-1) ?? 0).toFixed(0)} |`,
    );
  }
  const clientGrowth = (perKb[1] ?? Number.NaN) / (perKb[0] ?? Number.NaN);
  console.log(
    `\nTarget: linear, CPU per answer KB at 256 KB ≤ 1.25× that at 64 KB (${clientGrowth.toFixed(2)}×): ${check(clientGrowth <= 1.25)}.`,
  );

  // One long string field: the writer must not read the whole string per delta (it once did: quadratic).
  console.log('\n### The server side: toPatchStream writing one long string field (CPU, median of 5)\n');
  console.log('| field | events | CPU ms | µs per field KB |');
  console.log('|---|---:|---:|---:|');
  const serverPerKb: number[] = [];
  for (const size of [64 * 1024, 256 * 1024]) {
    const answer = JSON.stringify({ note: 'a long note. '.repeat(Math.ceil(size / 13)).slice(0, size) });
    // `toPatchStream` writing the whole stream (the response included).
    const ms = await medianCpuMs(() => toPatchStream(makeResponse(answer), EVERY_TURN).text(), 5);
    serverPerKb.push((1000 * ms) / (size / 1024));
    console.log(
      `| ${(size / 1024).toFixed(0)} KB | ~${Math.ceil(answer.length / CHUNK)} | ${ms.toFixed(1)} | ${(serverPerKb.at(-1) ?? 0).toFixed(0)} |`,
    );
  }
  const serverGrowth = (serverPerKb[1] ?? Number.NaN) / (serverPerKb[0] ?? Number.NaN);
  console.log(
    `\nTarget: linear, CPU per field KB at 256 KB ≤ 1.25× that at 64 KB (${serverGrowth.toFixed(2)}×): ${check(serverGrowth <= 1.25)}.`,
  );
}

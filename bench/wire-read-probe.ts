/**
 * The browser's side of a patch stream, for instruction counts (bench/wire-read-count.ts):
 * `<mode> <runs>` reads a 171 KB JSON answer's patch stream (one SSE message per model chunk, as a
 * server that keeps up sends it) with `fromPatchStream`, `runs` times: `wire` to `getData()` alone,
 * `wire-store` into a store whose path subscribers read once per task, as a UI's frames do, and
 * `wire-merged` as `wire` with every 16 messages' events merged into one message (what a writer
 * that sends once per frame, as `toPatchStream` does, sends at high token rates): the part of the
 * cost that is per message.
 */
import { createFieldStore, createResponse } from '../packages/core/src/index';
import { fromPatchStream } from '../packages/core/src/patch-stream/from-patch-stream';
import { coalesceDeltas } from '../packages/core/src/patch-stream/patch-codec';
import { toPatchStream } from '../packages/core/src/patch-stream/to-patch-stream';
import { scriptedModel } from '../packages/core/src/testing';
import { benchDocument } from './json-documents';

const [mode = 'wire', runs = '1'] = process.argv.slice(2);
const answer = benchDocument(170_000);
const written = createResponse({
  model: scriptedModel({ answers: [answer], chunkSize: 20 }),
  input: 'x',
  format: 'json',
});
// One message per model chunk (`frameMs: 0`): what a writer sends while the model is slower than a frame.
const wire = await new Response(toPatchStream(written, { frameMs: 0 }).body).text();
const encoder = new TextEncoder();
const sent = wire.split('\n\n').filter((message) => message !== '');
const MERGED = 16;
const merged: string[] = [];
for (let at = 0; at < sent.length; at += MERGED) {
  const group = sent.slice(at, at + MERGED);
  // The end message (an `event:` line) stays a message of its own.
  const data = group.filter((message) => message.startsWith('data: '));
  if (data.length > 0)
    merged.push(`data: ${JSON.stringify(coalesceDeltas(data.flatMap((message) => JSON.parse(message.slice(6)))))}`);
  merged.push(...group.filter((message) => !message.startsWith('data: ')));
}
const messages = (mode === 'wire-merged' ? merged : sent).map((message) => encoder.encode(`${message}\n\n`));

async function readOnce(): Promise<void> {
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < messages.length) controller.enqueue(messages[next++] as Uint8Array);
      else controller.close();
    },
  });
  const fetch = async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  const response = fromPatchStream({ url: 'http://server/answer', fetch });
  if (mode !== 'wire-store') {
    await response.getData();
    return;
  }
  const store = createFieldStore(response);
  let waiting = false;
  const onPending = (): void => {
    if (waiting) return;
    waiting = true;
    queueMicrotask(() => {
      waiting = false;
      store.getState();
    });
  };
  const stops = ['title', 'generated', 'sections'].map((path) => store.subscribePath(path, () => {}, { onPending }));
  await response.getData();
  for (const stop of stops) stop();
}

for (let run = 0; run < Number(runs); run++) await readOnce();

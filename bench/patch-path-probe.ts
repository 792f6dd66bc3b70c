/**
 * The patch-path bench's probe (bench/patch-path.bench.ts), run under `NODE_V8_COVERAGE` in a
 * process of its own: `<tokens> page` streams an answer of `tokens` items from `openAIChat`'s SSE
 * bytes through a response and a store to a UI-layer view of one path; `<tokens> make <file>`
 * writes that answer's patch stream to `file`, and `<tokens> wire <file>` reads it back with
 * `fromPatchStream` into the same store and view (the browser's side alone).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createFieldStore, createResponse, createStoreView, openAIChat } from '../packages/core/src/index';
import { fromPatchStream } from '../packages/core/src/patch-stream/from-patch-stream';
import { toPatchStream } from '../packages/core/src/patch-stream/to-patch-stream';
import { openAIChatFixture } from '../packages/core/src/testing/provider-fixtures';

const [tokensText = '200', where = 'page', file = ''] = process.argv.slice(2);
const items = Array.from({ length: Number(tokensText) }, (_, i) => ({ name: `item ${i}`, score: i }));
const text = JSON.stringify({ title: 'A title', items });
const chunks: string[] = [];
for (let i = 0; i < text.length; i += 20) chunks.push(text.slice(i, i + 20));

/** A fetch answering with `body`'s SSE messages, one network chunk each. */
const fetchOf = (body: string) => async () => {
  const messages = body.split('\n\n');
  const encoder = new TextEncoder();
  let next = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < messages.length) controller.enqueue(encoder.encode(`${messages[next++]}\n\n`));
      else controller.close();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
};

const inPage = () =>
  createResponse({
    model: openAIChat({
      baseURL: 'http://model/v1',
      apiKey: 'k',
      model: 'm',
      fetch: fetchOf(openAIChatFixture({ text: chunks })),
    }),
    input: 'report',
    format: 'json',
  });

if (where === 'make') {
  // One message per model chunk (`frameMs: 0`), the most a reader is sent for this answer.
  writeFileSync(file, await new Response(toPatchStream(inPage(), { frameMs: 0 }).body).text());
} else {
  const response =
    where === 'page'
      ? inPage()
      : fromPatchStream({ url: 'http://server/answer', fetch: fetchOf(readFileSync(file, 'utf8')) });
  const store = createFieldStore(response);
  const view = createStoreView(store, { path: 'items', schedule: 'sync' });
  const read = view.select((state) => state.data);
  const stop = view.subscribe(() => read(true));
  await response.getData();
  stop();
}

/**
 * The store path of the response bench, shared by the bench (CPU time, bench/response.bench.ts) and
 * its probe (instructions under callgrind, bench/response-probe.ts), so both measure the same code:
 * the bare parser (the floor), what any reader of the async model stream pays before a response does
 * anything, the response alone, and a response bound to a store.
 */
import { createFieldStore, createResponse, createStreamParser, type Model } from '../packages/core/src/index';

/** A model that streams the given chunks and nothing else. */
export function chunkModel(chunks: readonly string[]): Model {
  return async function* chunkStream() {
    for (const delta of chunks) yield { type: 'text', delta };
  };
}

/** The floor: the bare stream parser over the same chunks. */
export function parseChunks(chunks: readonly string[]): number {
  const parser = createStreamParser({ format: 'json' });
  let events = 0;
  for (const chunk of chunks) events += parser.push(chunk).length;
  return events + parser.finish().length;
}

/** What any consumer of an async model stream pays before doing anything with the patches. */
export async function feedParser(model: Model): Promise<number> {
  const parser = createStreamParser({ format: 'json' });
  let events = 0;
  for await (const event of model({} as never, { signal: new AbortController().signal })) {
    if (event.type === 'text') events += parser.push(event.delta).length;
  }
  return events + parser.finish().length;
}

/** The response as a reader of every event takes it: `instant()` to the end, then `getData()`. */
export async function respondInstant(model: Model): Promise<number> {
  const response = createResponse({ model, input: 'report', format: 'json' });
  let events = 0;
  for await (const _ of response.instant()) events++;
  await response.getData();
  return events;
}

/** The response with no reader but `getData()`: no store, no patch consumer. */
export async function respondAlone(model: Model): Promise<unknown> {
  return createResponse({ model, input: 'report', format: 'json' }).getData();
}

/**
 * The response as a UI reads it: a store bound to it, then the data. With no listener the store
 * applies the chunks at its next read (up to 1 024 patches per update); with `listen`, a
 * subscriber as a mounted UI has (the React adapter's: it reads the status of every snapshot), so
 * every chunk is one update and one snapshot.
 */
export async function respondToStore(model: Model, listen = false): Promise<number> {
  const response = createResponse({ model, input: 'report', format: 'json' });
  const store = createFieldStore(response);
  let statuses = 0;
  const unsubscribe = listen
    ? store.subscribe((state) => {
        if (state.status !== 'idle') statuses++;
      })
    : () => {};
  await response.getData();
  unsubscribe();
  store.detach();
  return store.getState().status === 'done' ? statuses : -1;
}

/**
 * A store bound once the response has ended (a panel that mounts late): the store takes the
 * response's replayed history in one update. Returns the status it reads.
 */
export async function respondThenBind(model: Model): Promise<string> {
  const response = createResponse({ model, input: 'report', format: 'json' });
  await response.getData();
  return createFieldStore(response).getState().status;
}

/** How many chunks a UI's frame takes in here: ~60 frames a second at ~20 000 tokens a second. */
export const CHUNKS_PER_FRAME = 64;

/**
 * `chunkModel`, pausing for the event loop (`setImmediate`) every `CHUNKS_PER_FRAME` chunks, as a
 * stream that a page's frames interleave with does.
 */
export function pacedChunkModel(chunks: readonly string[]): Model {
  return async function* pacedChunkStream() {
    for (let i = 0; i < chunks.length; i++) {
      if (i > 0 && i % CHUNKS_PER_FRAME === 0) await new Promise((resolve) => setImmediate(resolve));
      yield { type: 'text', delta: chunks[i] as string };
    }
  };
}

/**
 * The response as the React adapter reads it: path subscribers (a field each for the answer's
 * top-level keys) that read on their own schedule (`onPending`), so the store applies what waited
 * once per read — here at the next turn of the event loop, which a paced model gives once per
 * `CHUNKS_PER_FRAME` chunks. Returns how many updates the subscribers heard.
 */
export async function respondToUi(model: Model): Promise<number> {
  const response = createResponse({ model, input: 'report', format: 'json' });
  const store = createFieldStore(response);
  // The store calls this once per wait; a second read in one turn would find nothing waiting.
  const onPending = (): void => {
    setImmediate(() => store.getState());
  };
  let heard = 0;
  const stops = ['title', 'generated', 'sections'].map((path) =>
    store.subscribePath(path, () => heard++, { onPending }),
  );
  await response.getData();
  for (const stop of stops) stop();
  store.detach();
  return store.getState().status === 'done' ? heard : -1;
}

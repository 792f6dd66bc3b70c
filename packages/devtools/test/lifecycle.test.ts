import { createFieldStore, createResponse, defineOutput } from '@fieldstream/core';
import { fromPatchStream, type PatchStreamInput, toPatchStream } from '@fieldstream/core/patch-stream';
import { scriptedModel } from '@fieldstream/core/testing';
import { DEVTOOLS_HOOK } from '@fieldstream/devtools';
import { expect, it, vi } from 'vitest';
import { mountPanel, settle, stringBodyFetch, texts, useFakeClock } from './support/panel';

useFakeClock();

const ticket = defineOutput({ title: ['string', 'a title'] });

/** A response that never settles, counting the listeners on it. */
function countedResponse(): { response: PatchStreamInput; listeners: () => number } {
  let listeners = 0;
  const listen = (): (() => void) => {
    listeners += 1;
    let gone = false;
    return () => {
      if (!gone) listeners -= 1;
      gone = true;
    };
  };
  const response: PatchStreamInput = {
    subscribe: listen,
    observe: listen,
    getData: () => new Promise<never>(() => undefined),
    start: () => undefined,
    abort: () => undefined,
  };
  return { response, listeners: () => listeners };
}

it('with discover, records every response the page makes after the panel mounted, once it starts', async () => {
  const panel = mountPanel({ discover: '' });
  expect(typeof Reflect.get(globalThis, DEVTOOLS_HOOK)).toBe('function');
  const model = scriptedModel({ answers: ['{"title": "one"}'], delayMs: 10 });
  const first = createResponse({ model, input: 'x', output: ticket, format: 'json' });
  createResponse({ model, input: 'never started', output: ticket, format: 'json' });
  await settle();
  expect(texts(panel, '.fsd-runs option')).toEqual([]);
  first.start();
  await settle();
  expect(texts(panel, '.fsd-runs option')).toEqual(['run 1 (page)']);
  panel.remove();
  expect(Reflect.has(globalThis, DEVTOOLS_HOOK)).toBe(false);
});

it('with discover, records a response read from a patch stream too', async () => {
  const panel = mountPanel({ discover: '' });
  const written = createResponse({
    model: scriptedModel({ answers: ['{"title": "wire"}'] }),
    input: 'x',
    output: ticket,
    format: 'json',
  });
  const wire = await toPatchStream(written).text();
  // The server's response above announced itself too: it is the page's own here.
  await settle();
  const runsBefore = texts(panel, '.fsd-runs option').length;
  const read = fromPatchStream({ url: 'http://x.test/', fetch: stringBodyFetch([wire]) });
  expect(await read.getData()).toEqual({ title: 'wire' });
  await settle();
  expect(texts(panel, '.fsd-runs option')).toHaveLength(runsBefore + 1);
  panel.remove();
});

it('detach stops recording: the panel leaves no listener on the response', () => {
  const panel = mountPanel();
  const { response, listeners } = countedResponse();
  const run = panel.attach(response);
  expect(listeners()).toBeGreaterThan(0);
  run.stop();
  expect(listeners()).toBe(0);
});

it('leaving the page stops every recording and store count, and removes the discovery hook', () => {
  const panel = mountPanel({ discover: '' });
  const { response, listeners } = countedResponse();
  panel.attach(response);
  let storeListeners = 0;
  panel.attachStore({
    subscribe: () => {
      storeListeners += 1;
      return () => {
        storeListeners -= 1;
      };
    },
  });
  expect([listeners() > 0, storeListeners]).toEqual([true, 1]);
  panel.remove();
  expect([listeners(), storeListeners, Reflect.has(globalThis, DEVTOOLS_HOOK)]).toEqual([0, 0, false]);
});

it('watches a store as a UI does (onPending), so a bound store still applies its chunks when read', async () => {
  const panel = mountPanel();
  const response = createResponse({
    model: scriptedModel({ answers: ['{"title":"Hello","body":"World"}'], chunkSize: 4 }),
    input: 'x',
    format: 'json',
  });
  const store = createFieldStore(response);
  const updates: string[] = [];
  panel.attachStore({
    subscribe: (listener, options) =>
      store.subscribe((state) => {
        updates.push(`${state.status} ${JSON.stringify(state.data)}`);
        listener();
      }, options),
  });
  await response.getData();
  // Nothing read the store while it streamed: its nine chunks waited, and applied with the next status.
  expect(updates).toEqual([
    'streaming undefined',
    'validating {"title":"Hello","body":"World"}',
    'done {"title":"Hello","body":"World"}',
  ]);
  expect(store.getState().data).toEqual({ title: 'Hello', body: 'World' });
});

it('counts a store’s updates per frame among the figures', async () => {
  const panel = mountPanel();
  const listeners: (() => void)[] = [];
  const store = {
    subscribe: (listener: () => void) => {
      listeners.push(listener);
      return () => undefined;
    },
  };
  panel.attachStore(store, { label: 'form' });
  panel.open({ format: 'fieldstream-recording', version: 1, source: 'page', messages: [] });
  for (const count of [3, 1]) {
    for (let update = 0; update < count; update++) for (const listener of listeners) listener();
    await vi.advanceTimersByTimeAsync(16);
  }
  panel.shadowRoot?.querySelector<HTMLButtonElement>('.fsd-tab[data-view="figures"]')?.click();
  await settle();
  expect(texts(panel, '.fsd-figure-list dd').at(-1)).toBe('max 3, mean 2.0 over 2 frames');
});

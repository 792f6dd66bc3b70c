import { createResponse, defineOutput } from '@fieldstream/core';
import { recordResponse } from '@fieldstream/core/recording';
import { scriptedModel } from '@fieldstream/core/testing';
import { defineDevtools, type FieldstreamDevtools } from '@fieldstream/devtools';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';

/** A panel in the document (defined once), with its shadow root. */
export function mountPanel(attributes: Record<string, string> = {}): FieldstreamDevtools {
  defineDevtools();
  const panel = document.createElement('fieldstream-devtools');
  for (const [name, value] of Object.entries(attributes)) panel.setAttribute(name, value);
  document.body.append(panel);
  return panel;
}

/** The panel's shadow root (open by design: tests and the page's own tools read it). */
export function shadowOf(panel: FieldstreamDevtools): ShadowRoot {
  const root = panel.shadowRoot;
  if (root === null) throw new Error('The panel has no shadow root');
  return root;
}

/**
 * Runs the fake clock on, a frame at a time, for two seconds of it: long enough for a scripted
 * answer to stream, be recorded and be drawn. Call {@link warmUp} first, so no module is still
 * loading (a load takes real time the fake clock would not wait for).
 */
export async function settle(): Promise<void> {
  for (let frame = 0; frame < 125; frame++) await vi.advanceTimersByTimeAsync(16);
}

/**
 * Runs one response to its end with real timers, through a field check's rejection, a retry and
 * a tool call: the modules a response loads on demand are loaded after.
 */
export async function warmUp(): Promise<void> {
  const output = defineOutput({ title: ['string', 'a title'] });
  const model = scriptedModel({
    answers: ['{"title": "no"}', '{"title": "warm"}'],
    toolCalls: [{ name: 'warm', arguments: '{}' }],
  });
  const validateField = { title: (value: unknown) => value !== 'no' || { ok: false as const, reason: 'no' } };
  const response = createResponse({ model, input: 'warm up', output, format: 'json', maxRetries: 1, validateField });
  await recordResponse(response).done;
}

/** The text of each node `selector` matches in the panel. */
export function texts(panel: FieldstreamDevtools, selector: string): string[] {
  return [...shadowOf(panel).querySelectorAll(selector)].map((node) => node.textContent ?? '');
}

/** Clicks the panel's button for `view`. */
export function showView(panel: FieldstreamDevtools, view: 'timeline' | 'inspector' | 'figures'): void {
  shadowOf(panel).querySelector<HTMLButtonElement>(`.fsd-tab[data-view="${view}"]`)?.click();
}

/** Registers the tests' hooks: the modules warmed up once, a fake clock in each test, an empty page after it. */
export function useFakeClock(): void {
  beforeAll(warmUp);
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    document.body.replaceChildren();
    vi.useRealTimers();
  });
}

/** The output of most tests. */
export const ticket = defineOutput({ title: ['string', 'a title', 'not_null'], priority: ['integer', '1-3'] });

/** The recording's clock: the fake one (whole milliseconds from the test's start). */
export const fakeClock = { now: (): number => Date.now() };

/**
 * A `fetch` answering each call with the next reply (the last one again once they run out) as an
 * SSE body of strings, which the patch-stream reader takes as well as bytes: the test page's
 * `Response` gives bytes of another realm.
 */
export function stringBodyFetch(replies: readonly string[]): typeof fetch {
  let calls = 0;
  return (async () => ({
    ok: true,
    status: 200,
    headers: new Headers({ 'content-type': 'text/event-stream' }),
    body: new ReadableStream<string>({
      start(controller) {
        controller.enqueue(replies[Math.min(calls++, replies.length - 1)] ?? '');
        controller.close();
      },
    }),
  })) as unknown as typeof fetch;
}

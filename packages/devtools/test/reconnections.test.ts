import { fromPatchStream } from '@fieldstream/core/patch-stream';
import type { Recording } from '@fieldstream/core/recording';
import { expect, it } from 'vitest';
import { fakeClock, mountPanel, settle, stringBodyFetch, texts, useFakeClock } from './support/panel';

useFakeClock();

const rows = (panel: ReturnType<typeof mountPanel>): string[] =>
  [...(panel.shadowRoot?.querySelectorAll<HTMLElement>('.fsd-entry') ?? [])]
    .filter((entry) => ['connection', 'field', 'final'].includes(entry.dataset.kind ?? ''))
    .map((entry) => entry.textContent ?? '');

it('shows a recorded reconnection: each retry with its wait, then the gap closing', async () => {
  const panel = mountPanel();
  const recording: Recording = {
    format: 'fieldstream-recording',
    version: 1,
    source: 'wire',
    label: 'dropped twice',
    messages: [
      {
        at: 0,
        events: [
          { k: 'a', n: 0, f: 'json' },
          { p: 'title', d: 'Fi' },
        ],
      },
      { at: 40, events: [{ k: 'c', s: 'reconnecting', r: 1, ms: 250, id: '7' }] },
      { at: 300, events: [{ k: 'c', s: 'reconnecting', r: 2, ms: 500, id: '7' }] },
      { at: 820, events: [{ k: 'c', s: 'open', r: 2, ms: 0 }, { d: 'x' }, { e: 1 }, { k: 'f', r: 1 }] },
    ],
  };
  panel.open(recording);
  await settle();
  expect(rows(panel)).toEqual([
    '+0 ms title open',
    '+40 ms reconnecting: retry 1 in 250 ms (Last-Event-ID 7)',
    '+300 ms reconnecting: retry 2 in 500 ms (Last-Event-ID 7)',
    '+820 ms open again after retry 2: a 780 ms gap',
    '+820 ms title done: Fix',
    '+820 ms final data: 1 confirmed, 0 changed, 0 removed',
  ]);
});

it('shows the reconnections of an attached fromPatchStream response', async () => {
  const panel = mountPanel();
  const message = (id: number, events: unknown[]): string => `id: ${id}\ndata: ${JSON.stringify(events)}\n\n`;
  const replies = [
    `event: answer\ndata: {"id":"a1","token":"t1"}\n\n${message(1, [
      { k: 'a', n: 0, f: 'json' },
      { p: 'title', d: 'Fi' },
    ])}`,
    `event: answer\ndata: {"id":"a1"}\n\n${message(2, [{ d: 'x' }, { e: 1 }, { k: 'f', r: 1 }])}event: end\ndata: {}\n\n`,
  ];
  const response = fromPatchStream({
    url: 'http://x/a',
    fetch: stringBodyFetch(replies),
    resume: { delayMs: () => 250 },
  });
  panel.attach(response, fakeClock);
  await settle();
  expect(texts(panel, '.fsd-runs option')).toEqual(['run 1 (page)']);
  expect(await response.getData()).toEqual({ title: 'Fix' });
  // The drop comes with the first message; the recording takes the reconnection a frame later.
  expect(rows(panel)).toEqual([
    '+0 ms title open',
    '+16 ms reconnecting: retry 1 in 250 ms (Last-Event-ID 1)',
    '+250 ms open again after retry 1: a 234 ms gap',
    '+250 ms title done: Fix',
    '+250 ms final data: 1 confirmed, 0 changed, 0 removed',
  ]);
});

import { createResponse } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { expect, it } from 'vitest';
import { fakeClock, mountPanel, settle, texts, ticket, useFakeClock } from './support/panel';

useFakeClock();

const entriesOf = (kinds: string, panel: HTMLElement & { shadowRoot: ShadowRoot | null }): string[] =>
  [...(panel.shadowRoot?.querySelectorAll<HTMLElement>('.fsd-entry') ?? [])]
    .filter((entry) => kinds.split(' ').includes(entry.dataset.kind ?? ''))
    .map((entry) => entry.textContent ?? '');

it('shows a retry with its reason and delay after a dropped connection', async () => {
  const panel = mountPanel();
  const model = scriptedModel({
    answers: ['{"title": "Printer jams", "priority": 2}'],
    chunkSize: 12,
    delayMs: 10,
    faults: [{ attempt: 0, kind: 'drop_connection', at: 12 }],
  });
  const retry = { baseDelayMs: 400, jitter: 0 };
  panel.attach(createResponse({ model, input: 'x', output: ticket, format: 'json', maxRetries: 1, retry }), fakeClock);
  await settle();
  expect(entriesOf('attempt retry error', panel)).toEqual([
    '+0 ms attempt 0 (json)',
    '+16 ms retry in 400 ms: request_failed (Connection dropped (scripted fault))',
    '+410 ms attempt 1 (json): request_failed',
  ]);
  expect(texts(panel, '.fsd-timeline tbody tr')).toEqual([
    '(root)open → streaming → stale → open → streaming → done → confirmed',
    'titleopen → streaming → stale → open → streaming → done → confirmed',
    'priorityopen → done → confirmed',
  ]);
});

it('shows a field rejected by its check, the check’s verdict and the retry it caused', async () => {
  const panel = mountPanel();
  const model = scriptedModel({
    answers: ['{"title": "no", "priority": 2}', '{"title": "Printer jams", "priority": 2}'],
    chunkSize: 12,
    delayMs: 10,
  });
  const validateField = {
    title: (value: unknown) => String(value).length > 3 || { ok: false as const, reason: 'too short' },
  };
  const response = createResponse({ model, input: 'x', output: ticket, format: 'json', maxRetries: 1, validateField });
  panel.attach(response, fakeClock);
  await settle();
  expect(entriesOf('attempt field check retry final', panel)).toEqual([
    '+0 ms attempt 0 (json)',
    '+16 ms title open',
    '+16 ms title done: no',
    '+16 ms check field title: rejected (too short)',
    '+16 ms title rejected: too short',
    '+16 ms retry in 0 ms: field_rejected (too short)',
    '+16 ms attempt 1 (json): field_rejected',
    '+16 ms title open',
    '+32 ms title done: Printer jams',
    '+40 ms priority open',
    '+40 ms priority done: 2',
    '+40 ms check field title: passed',
    '+40 ms final data: 3 confirmed, 0 changed, 0 removed',
    '+40 ms checks passed',
  ]);
  expect(texts(panel, '.fsd-timeline tbody tr')).toEqual([
    '(root)open → streaming → stale → open → streaming → done → confirmed',
    'titleopen → streaming → done → rejected → open → streaming → done → confirmed',
    'priorityopen → done → confirmed',
  ]);
});

it('shows each tool call with its arguments', async () => {
  const panel = mountPanel();
  const model = scriptedModel({
    answers: ['{"title": "Weather", "priority": 1}'],
    toolCalls: [
      { name: 'search', arguments: '{"query": "rain in Oslo", "limit": 3}' },
      { name: 'lookup', arguments: '{"id": "a1"}' },
    ],
    delayMs: 10,
  });
  panel.attach(createResponse({ model, input: 'x', output: ticket, format: 'json' }), fakeClock);
  await settle();
  expect(entriesOf('tool', panel)).toEqual([
    '+130 ms tool call 0 search(query: rain in Oslo, limit: 3)',
    '+130 ms tool call 1 lookup(id: a1)',
  ]);
});

import { createResponse } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { expect, it, vi } from 'vitest';
import { fakeClock, mountPanel, settle, shadowOf, showView, texts, ticket, useFakeClock } from './support/panel';

useFakeClock();

it('shows a recorded scripted answer: its attempt, each field opening and done, the checks and the final data', async () => {
  const panel = mountPanel();
  const model = scriptedModel({ answers: ['{"title": "Printer jams", "priority": 2}'], chunkSize: 12, delayMs: 10 });
  const response = createResponse({ model, input: 'The printer jams', output: ticket, format: 'json' });
  panel.attach(response, fakeClock);
  await settle();
  expect(texts(panel, '.fsd-runs option')).toEqual(['run 1 (page)']);
  expect(texts(panel, '.fsd-timeline h3')).toEqual(['Timeline: run 1 (page)']);
  expect(texts(panel, '.fsd-entry')).toEqual([
    '+0 ms attempt 0 (json)',
    '+0 ms status streaming',
    '+16 ms title open',
    '+16 ms title done: Printer jams',
    '+30 ms priority open',
    '+30 ms priority done: 2',
    '+30 ms status validating',
    '+30 ms final data: 3 confirmed, 0 changed, 0 removed',
    '+30 ms status done',
    '+30 ms checks passed',
    `+30 ms meta ${JSON.stringify(await response.getMeta())}`,
  ]);
  expect(texts(panel, '.fsd-timeline tbody tr')).toEqual([
    '(root)open → streaming → done → confirmed',
    'titleopen → streaming → done → confirmed',
    'priorityopen → done → confirmed',
  ]);
});

it('the inspector shows a field’s deltas, values and phases over time', async () => {
  const panel = mountPanel();
  const model = scriptedModel({ answers: ['{"title": "Printer jams", "priority": 2}'], chunkSize: 12, delayMs: 10 });
  panel.attach(createResponse({ model, input: 'The printer jams', output: ticket, format: 'json' }), fakeClock);
  await settle();
  showView(panel, 'inspector');
  await settle();
  const select = shadowOf(panel).querySelector<HTMLSelectElement>('.fsd-path');
  expect([...(select?.options ?? [])].map((option) => [option.value, option.text, option.selected])).toEqual([
    ['', '(root)', false],
    ['title', 'title', true],
    ['priority', 'priority', false],
  ]);
  const rows = (): string[][] =>
    [...(panel.shadowRoot?.querySelectorAll('.fsd-inspector tbody tr') ?? [])].map((row) =>
      [...row.children].map((cell) => cell.textContent ?? ''),
    );
  expect(texts(panel, '.fsd-inspector caption')).toEqual(['Steps of title']);
  expect(rows()).toEqual([
    ['+16 ms', '0', 'open', '', '', ''],
    ['+16 ms', '0', 'streaming', 'Printer jams', 'Printer jams', ''],
    ['+16 ms', '0', 'done', '', 'Printer jams', 'observed_boundary'],
    ['+30 ms', '0', 'confirmed', '', 'Printer jams', ''],
  ]);
  if (select === null) throw new Error('no field picker');
  select.value = 'priority';
  select.dispatchEvent(new Event('change'));
  await settle();
  expect(texts(panel, '.fsd-inspector caption')).toEqual(['Steps of priority']);
  expect(rows()).toEqual([
    ['+30 ms', '0', 'open', '', '', ''],
    ['+30 ms', '0', 'done', '', '2', 'observed_boundary'],
    ['+30 ms', '0', 'confirmed', '', '2', ''],
  ]);
});

it('the figures show the rates, the time to the first field, each field’s done and the wire bytes', async () => {
  const panel = mountPanel();
  const model = scriptedModel({ answers: ['{"title": "Printer jams", "priority": 2}'], chunkSize: 12, delayMs: 10 });
  panel.attach(createResponse({ model, input: 'The printer jams', output: ticket, format: 'json' }), fakeClock);
  await settle();
  showView(panel, 'figures');
  await settle();
  expect(texts(panel, '.fsd-figure-list dt, .fsd-figure-list dd')).toEqual([
    'characters',
    '12',
    'characters per second',
    '400.0',
    'patches',
    '5',
    'patches per second',
    '166.7',
    'time to the first field',
    '16 ms',
    'duration',
    '30 ms',
    'wire bytes',
    '854',
  ]);
  expect(texts(panel, '.fsd-figures tbody tr')).toEqual(['(root)30 ms', 'title16 ms', 'priority30 ms']);
});

it('keeps the inspector’s field picker (and its focus) while a live run adds paths to it', async () => {
  const panel = mountPanel();
  // Slow enough that the panel's live draws (a few a second) catch the run between two paths.
  const model = scriptedModel({ answers: ['{"title": "Printer jams", "priority": 2}'], chunkSize: 4, delayMs: 100 });
  panel.attach(createResponse({ model, input: 'The printer jams', output: ticket, format: 'json' }), fakeClock);
  showView(panel, 'inspector');
  await vi.advanceTimersByTimeAsync(600);
  const picker = shadowOf(panel).querySelector<HTMLSelectElement>('.fsd-path');
  picker?.focus();
  expect([...(picker?.options ?? [])].map((option) => option.value)).toEqual(['', 'title']);
  await settle();
  expect(shadowOf(panel).querySelector('.fsd-path')).toBe(picker);
  expect(shadowOf(panel).activeElement).toBe(picker);
  expect([...(picker?.options ?? [])].map((option) => option.value)).toEqual(['', 'title', 'priority']);
});

it('the inspector shows the field picked, also when it has as many steps as the one shown before', async () => {
  const panel = mountPanel();
  const model = scriptedModel({ answers: ['{"first": "one", "second": "two"}'], chunkSize: 40, delayMs: 10 });
  panel.attach(createResponse({ model, input: 'x', format: 'json' }), fakeClock);
  showView(panel, 'inspector');
  await settle();
  const select = shadowOf(panel).querySelector<HTMLSelectElement>('.fsd-path');
  expect(texts(panel, '.fsd-inspector caption')).toEqual(['Steps of first']);
  if (select === null) throw new Error('no field picker');
  select.value = 'second';
  select.dispatchEvent(new Event('change'));
  expect(texts(panel, '.fsd-inspector caption')).toEqual(['Steps of second']);
  expect(texts(panel, '.fsd-inspector tbody tr td:nth-child(5)')).toEqual(['', 'two', 'two', 'two']);
});

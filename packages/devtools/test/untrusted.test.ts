import { createResponse } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { expect, it } from 'vitest';
import { fakeClock, mountPanel, settle, shadowOf, showView, texts, useFakeClock } from './support/panel';

useFakeClock();

it('renders a hostile answer as text: markup stays characters, a __proto__ key stays data', async () => {
  const panel = mountPanel();
  const hostile = '<img src=x onerror="globalThis.hacked=1">';
  const answer = JSON.stringify({ title: hostile, extra: { __proto__: { polluted: true } } }).replace(
    '"extra":{}',
    '"extra":{"__proto__":{"polluted":true}}',
  );
  const model = scriptedModel({ answers: [answer], delayMs: 10 });
  panel.attach(createResponse({ model, input: 'x', format: 'json' }), fakeClock);
  await settle();
  expect(texts(panel, '.fsd-entry').filter((text) => text.includes('done:'))).toEqual([
    '+64 ms title done: <img src=x onerror="globalThis.hacked=1">',
    '+110 ms extra.__proto__.polluted done: true',
    '+110 ms extra.__proto__ done: (the streamed container)',
    '+110 ms extra done: (the streamed container)',
  ]);
  showView(panel, 'inspector');
  await settle();
  expect(texts(panel, '.fsd-path option')).toEqual([
    '(root)',
    'title',
    'extra',
    'extra.__proto__',
    'extra.__proto__.polluted',
  ]);
  // The value after the last delta, at done and once confirmed: characters, never an element.
  expect(texts(panel, '.fsd-inspector tbody td').filter((text) => text === hostile)).toEqual([
    hostile,
    hostile,
    hostile,
  ]);
  expect(shadowOf(panel).querySelectorAll('img, script, [onerror]')).toHaveLength(0);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.hasOwn(globalThis, 'hacked')).toBe(false);
});

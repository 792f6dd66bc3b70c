// docs/guides/elements.md: every TypeScript snippet is one of the type tests beside this file
// verbatim (packages/core/test/readme/readme-snippets.test.ts checks that, and the `types` project
// compiles them), and each runs here as written. The upgrade runs first: it defines the elements
// itself, after its markup is on the page, and nothing in this file may define them before.
import { ArgumentError, type FieldStore, type ResponseEvent, TransportError } from '@fieldstream/core';
import { afterEach, expect, it } from 'vitest';
import { scalar } from '../../../core/test/store/patches';
import { rejectAttempt, streamingStore } from '../../../core/test/ui/ui-store';

const until = async (done: () => boolean): Promise<void> => {
  // Real time for a scripted model: its work is timers, promise jobs and first-use imports.
  for (let turn = 0; turn < 400 && !done(); turn++) await new Promise((resolve) => setTimeout(resolve, 5));
};

afterEach(() => {
  document.body.replaceChildren();
});

it('upgrading markup: the properties set before the definition draw the field once it is defined', async () => {
  expect(customElements.get('fieldstream-form')).toBeUndefined();
  const { response } = await import('./elements-guide-upgrade.test-d');
  await response.getData();
  const field = (): Element | null => document.querySelector('p > fieldstream-field .fs-field');
  await until(() => field()?.getAttribute('data-reconciled') === 'confirmed');
  expect(field()?.getAttribute('data-reconciled')).toBe('confirmed');
  expect(field()?.querySelector('.fs-field-text')?.textContent).toBe('Checkout is slow');
  expect(document.querySelector('.fs-live-form .fs-field[data-path="summary"] .fs-field-text')?.textContent).toBe(
    'Checkout is slow',
  );
});

it('a live form started by the user: Ask starts, Ask again restarts, Stop aborts', async () => {
  await import('./elements-guide-ask.test-d');
  const form = document.querySelector('fieldstream-form');
  const status = (): string | null | undefined =>
    document.querySelector('fieldstream-status .fs-progress-status')?.getAttribute('data-status');
  const click = (id: string): void => (document.getElementById(id) as HTMLButtonElement).click();
  expect(status()).toBe('idle');
  click('ask');
  await until(() => status() === 'done');
  expect(status()).toBe('done');
  expect(document.querySelector('.fs-field[data-path="affected_services[1]"] .fs-field-text')?.textContent).toBe(
    'refunds',
  );
  expect(
    [...document.querySelectorAll('fieldstream-progress .fs-progress-row')].map((row) =>
      row.getAttribute('data-phase'),
    ),
  ).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
  const first = form?.response;
  click('ask');
  expect(form?.response).not.toBe(first);
  await until(() => status() === 'done');
  expect(status()).toBe('done');
  click('ask');
  click('stop');
  await until(() => status() === 'aborted');
  expect(status()).toBe('aborted');
});

it('the readers fill your own list, item by item, and the reasoning', async () => {
  const { list, stop, store, thinking } = await import('./elements-guide-readers.test-d');
  await until(() => store.getState().status === 'done' && list.querySelectorAll('li').length === 2);
  await until(() => list.querySelector('li:last-child')?.getAttribute('data-complete') === 'true');
  expect([...list.querySelectorAll('li')].map((li) => [li.textContent, li.dataset.complete])).toEqual([
    ['Faster', 'true'],
    ['Smaller', 'true'],
  ]);
  expect(thinking.textContent).toBe('Two changes.');
  stop();
});

it('styling: the shadow form draws its fields with parts, the risk as a node of your own', async () => {
  const { card } = await import('./elements-guide-shadow.test-d');
  const root = card.shadowRoot;
  expect(root).not.toBeNull();
  await until(() => root?.querySelector('.fs-live-form')?.getAttribute('data-status') === 'done');
  await until(() => root?.querySelector('mark')?.textContent === 'high');
  expect(root?.querySelector('mark')?.textContent).toBe('high');
  const summary = root?.querySelector('.fs-field[data-path="summary"]');
  expect(summary?.getAttribute('part')).toBe('field field-confirmed');
  expect(summary?.textContent).toContain('Rotate the keys');
  expect(card.querySelector('.fs-field')).toBeNull();
  expect(root?.adoptedStyleSheets[0]?.cssRules[0]?.cssText).toBe(':host { display: block; }');
});

it('the trouble line says why the answer is retried, then why it failed', async () => {
  const { showTrouble } = await import('./elements-guide-trouble.test-d');
  const store: FieldStore = streamingStore();
  const line = document.createElement('p');
  const stop = showTrouble(store, line);
  store.apply([scalar('summary', 'draft')]);
  rejectAttempt(store);
  store.dispatch({ type: 'attempt', attempt: 1, format: 'json' });
  await until(() => line.textContent !== '');
  expect(line.textContent).toBe('Retrying as attempt 2 (field_rejected)');
  store.dispatch({ type: 'error', attempt: 1, error: new TransportError('gateway down', 502, '') } as ResponseEvent);
  await until(() => line.textContent?.startsWith('The answer failed') === true);
  expect(line.textContent).toBe('The answer failed: gateway down');
  stop();
  expect(() => showTrouble({} as FieldStore, line)).toThrow(ArgumentError);
});

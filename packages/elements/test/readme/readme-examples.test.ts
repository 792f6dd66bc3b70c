// The README's snippets, run as written (they live verbatim in the type tests beside this file).
import { expect, it } from 'vitest';

const until = async (done: () => boolean): Promise<void> => {
  // Real time for a scripted model with no delays: its work is promise jobs and first-use imports.
  for (let turn = 0; turn < 200 && !done(); turn++) await new Promise((resolve) => setTimeout(resolve, 5));
};

it('the quick start fills the form, the progress panel and the field inside the form', async () => {
  await import('./package-elements-quick-start.test-d');
  const status = (): string | null | undefined =>
    document.querySelector('.fs-progress-status')?.getAttribute('data-status');
  await until(() => status() === 'done');
  expect(status()).toBe('done');
  expect(document.querySelector('.fs-live-form .fs-field[data-path="summary"] .fs-field-text')?.textContent).toBe(
    'Checkout is slow',
  );
  expect(document.querySelector('.fs-live-form li[data-path="steps[0]"]')?.textContent).toBe('Scale the pool');
  expect(document.querySelector('p > fieldstream-field .fs-field')?.getAttribute('data-reconciled')).toBe('confirmed');
  expect(document.querySelector('.fs-progress-row[data-path="steps"]')?.getAttribute('data-phase')).toBe('confirmed');
  document.body.replaceChildren();
});

it('the readers show a field, the status and the final data', async () => {
  const { heading, stop } = await import('./package-elements-readers.test-d');
  await until(() => heading.dataset.status === 'done');
  expect({ ...heading.dataset, text: heading.textContent, title: heading.title }).toEqual({
    complete: 'true',
    status: 'done',
    attempt: '1',
    text: 'Printer jams',
    title: 'priority 2',
  });
  stop();
});

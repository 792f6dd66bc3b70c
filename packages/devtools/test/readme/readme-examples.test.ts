// The README's snippets, run as written (they live verbatim in the type tests beside this file).
import { afterEach, expect, it } from 'vitest';

/** Waits (real time: the snippets use real timers) until the panel has drawn what `done` looks for. */
const until = async (done: () => boolean): Promise<void> => {
  for (let turn = 0; turn < 200 && !done(); turn++) await new Promise((resolve) => setTimeout(resolve, 5));
};

const entries = (root: ParentNode | null | undefined): string[] =>
  [...(root?.querySelectorAll('.fsd-entry') ?? [])].map((entry) => entry.textContent ?? '');

afterEach(() => {
  for (const panel of document.querySelectorAll('fieldstream-devtools')) panel.remove();
});

it('the quick start loads the panel, which records the response the page then makes', async () => {
  const { data } = await import('./package-devtools-quick-start.test-d');
  expect(data).toEqual({ title: 'Printer jams', priority: 2 });
  const root = document.querySelector('fieldstream-devtools')?.shadowRoot;
  await until(() => entries(root).some((entry) => entry.endsWith('status done')));
  expect(
    entries(root)
      .filter((entry) => / (title|priority) done:/.test(entry))
      .map((entry) => entry.replace(/^\+\d+ ms /, '')),
  ).toEqual(['title done: Printer jams', 'priority done: 2']);
});

it('attach records one response, and an exported run opens again as a second run with the same rows', async () => {
  const { panel, recording } = await import('./package-devtools-attach.test-d');
  expect(recording.label).toBe('ticket');
  const root = panel.shadowRoot;
  await until(() => root?.querySelectorAll('.fsd-runs option').length === 2);
  expect([...(root?.querySelectorAll('.fsd-runs option') ?? [])].map((option) => option.textContent)).toEqual([
    'ticket',
    'ticket',
  ]);
  await until(() => entries(root).some((entry) => entry.endsWith('title done: Printer jams')));
  const opened = entries(root);
  const select = root?.querySelector<HTMLSelectElement>('.fsd-runs');
  if (select === null || select === undefined) throw new Error('no run picker');
  select.value = '0';
  select.dispatchEvent(new Event('change'));
  await new Promise((resolve) => requestAnimationFrame(resolve));
  expect(entries(root)).toEqual(opened);
  expect(opened.at(-3)).toMatch(/ status done$/);
});

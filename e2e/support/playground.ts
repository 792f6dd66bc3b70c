import { appendSegment } from '@fieldstream/core';
import { expect, type Page } from '@playwright/test';
import { type ScenarioSettings, settingsToParams } from '../../apps/playground/src/run/scenario-settings';

/** Opens a playground page with the given settings in its query. */
export async function openScenario(page: Page, route: string, settings: Partial<ScenarioSettings>): Promise<void> {
  const params = settingsToParams({
    preset: 'incident',
    format: 'json',
    charsPerSecond: 4000,
    chunkSize: 3,
    faults: [],
    maxRetries: 2,
    live: false,
    ...settings,
  });
  await page.goto(`/#${route}?${params}`);
  await expect(page.getByTestId('scenario-controls')).toBeVisible();
}

/** Waits until the run reaches `status` (done, error, aborted, …). */
export async function expectStatus(page: Page, status: string, timeout = 15_000): Promise<void> {
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', status, { timeout });
}

/** The scenario id of the current run (the server's request log key). */
export async function currentScenario(page: Page): Promise<string> {
  const scenario = await page.getByTestId('run-status').getAttribute('data-scenario');
  expect(scenario).toBeTruthy();
  return scenario as string;
}

/** The final data the page shows, parsed. */
export async function finalData(page: Page): Promise<unknown> {
  return JSON.parse((await page.getByTestId('final-data').textContent()) ?? 'null');
}

/** Every scalar leaf of `data` as `path → the text a field shows` (FieldText's rendering). */
export function leafTexts(data: unknown): Map<string, { text: string; isString: boolean }> {
  const out = new Map<string, { text: string; isString: boolean }>();
  const stack: { value: unknown; path: string }[] = [{ value: data, path: '' }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: appendSegment(path, i) });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push({ value: child, path: appendSegment(path, key) });
      }
    } else {
      out.set(path, { text: value === null ? '' : String(value), isString: typeof value === 'string' });
    }
  }
  return out;
}

/** What the sampler saw: for each field path, the distinct texts it showed, in order. */
export type DomSamples = { fields: Record<string, string[]>; textAnswer: string[]; mutations: number };

/**
 * Records every committed state of the live form's fields (and of a plain-text answer) with a
 * MutationObserver, so a test can check what the user could ever have seen, frame by frame.
 */
export async function installDomSampler(page: Page): Promise<void> {
  await page.evaluate(() => {
    const samples = { fields: {} as Record<string, string[]>, textAnswer: [] as string[], mutations: 0 };
    const push = (list: string[], text: string): void => {
      if (list[list.length - 1] !== text) list.push(text);
    };
    const sample = (): void => {
      samples.mutations += 1;
      const form = document.querySelector('[data-testid="live-form"]');
      if (form === null) return;
      for (const field of form.querySelectorAll<HTMLElement>('.fs-field[data-path]')) {
        const path = field.dataset.path ?? '';
        const text = field.querySelector('.fs-field-text')?.textContent ?? '';
        samples.fields[path] ??= [];
        push(samples.fields[path], text);
      }
      const answer = form.querySelector('[data-testid="text-answer"]');
      if (answer !== null) push(samples.textAnswer, answer.textContent ?? '');
    };
    new MutationObserver(sample).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    (window as unknown as { __domSamples: typeof samples }).__domSamples = samples;
  });
}

export async function domSamples(page: Page): Promise<DomSamples> {
  return page.evaluate(() => (window as unknown as { __domSamples: DomSamples }).__domSamples);
}

/**
 * Every state a field ever showed must be one the final value allows: a string field shows a
 * prefix of its final text (so never half an escape, a half header or a held-back closer); any
 * other scalar shows nothing or its final text (never a partial number).
 */
export function expectOnlyValidIntermediateStates(samples: DomSamples, expected: unknown): void {
  const leaves = leafTexts(expected);
  const problems: string[] = [];
  let checked = 0;
  for (const [path, seen] of Object.entries(samples.fields)) {
    const leaf = leaves.get(path);
    if (leaf === undefined) continue;
    checked += 1;
    for (const text of seen) {
      const ok = leaf.isString ? leaf.text.startsWith(text) : text === '' || text === leaf.text;
      if (!ok) problems.push(`${path}: showed ${JSON.stringify(text)}, final ${JSON.stringify(leaf.text)}`);
    }
  }
  expect(problems).toEqual([]);
  expect(checked).toBe(leaves.size);
}

/** The live form's field texts now, by path. */
export async function fieldTexts(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    const form = document.querySelector('[data-testid="live-form"]');
    for (const field of form?.querySelectorAll<HTMLElement>('.fs-field[data-path]') ?? []) {
      out[field.dataset.path ?? ''] = field.querySelector('.fs-field-text')?.textContent ?? '';
    }
    return out;
  });
}

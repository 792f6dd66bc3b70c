// docs/guides/vue.md: every vue and ts snippet is one of this folder's files verbatim (vue-tsc checks
// the .vue files with the package, the types project the .test-d.ts), and the runnable ones run here
// on the scripted model or a store moved by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FieldStore, type ResponseEvent, TransportError } from '@fieldstream/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/vue';
import { describe, expect, it } from 'vitest';
import { h, nextTick } from 'vue';
import { scalar } from '../../../core/test/store/patches';
import { rejectAttempt, streamingStore } from '../../../core/test/ui/ui-store';
import AnswerBoundary from './AnswerBoundary.vue';
import IncidentDesk from './IncidentDesk.vue';
import ReleaseNotes from './ReleaseNotes.vue';
import RetryBanner from './RetryBanner.vue';
import { renderIdlePanel } from './vue-guide-server-render.test-d';

const here = import.meta.dirname;
const guide = readFileSync(join(here, '../../../../docs/guides/vue.md'), 'utf8');
const snippets = [...guide.matchAll(/^```(ts|vue)\n([\s\S]*?)^```$/gm)].map((match) => match[2] as string);
const sources = readdirSync(here)
  .filter((file) => /\.(vue|test-d\.ts)$/.test(file))
  .map((file) => readFileSync(join(here, file), 'utf8'));

describe('the Vue guide', () => {
  it('holds seven snippets, each a checked file of test/readme verbatim', () => {
    expect(snippets).toHaveLength(7);
    for (const snippet of snippets) expect(sources.some((source) => source.includes(snippet))).toBe(true);
  });

  it('the form and progress panel fill in and settle, the headline through the value slot', async () => {
    const { container, unmount } = render(IncidentDesk);
    await fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() =>
      expect(container.querySelector('.fs-progress-status')?.getAttribute('data-status')).toBe('done'),
    );
    expect(container.querySelector('.fs-live-form')?.className).toBe('fs-live-form incident');
    const headline = container.querySelector('.fs-field[data-path="status_summary"] strong');
    expect(headline?.className).toBe('fs-field-text headline');
    expect(headline?.textContent).toBe('Payments degraded');
    expect(container.querySelector('.fs-field[data-path="affected_services[1]"] span.fs-field-text')?.textContent).toBe(
      'refunds',
    );
    expect(
      [...container.querySelectorAll('.fs-progress-row')].map((row) => [
        row.getAttribute('data-path'),
        row.getAttribute('data-phase'),
      ]),
    ).toEqual([
      ['status_summary', 'confirmed'],
      ['affected_services', 'confirmed'],
      ['affected_services[0]', 'confirmed'],
      ['affected_services[1]', 'confirmed'],
    ]);
    unmount();
  });

  it('the release notes show each reader: the field, the list items, the status, the reasoning, the final data', async () => {
    const { container, unmount } = render(ReleaseNotes);
    await fireEvent.click(screen.getByRole('button', { name: 'Write the notes' }));
    await waitFor(() => expect(container.querySelector('p')?.textContent).toBe('done, attempt 1'));
    expect(container.querySelector('h3')?.textContent).toBe('2.1');
    expect(container.querySelector('h3')?.getAttribute('data-phase')).toBe('complete');
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Faster', 'Smaller']);
    expect(container.querySelector('li span')?.getAttribute('data-complete')).toBe('true');
    expect(container.querySelector('small')?.textContent).toBe('Two changes.');
    expect(JSON.parse(container.querySelector('pre')?.textContent ?? '')).toEqual({
      version: '2.1',
      changes: [{ title: 'Faster' }, { title: 'Smaller' }],
    });
    unmount();
  });

  it('the retry banner shows the retry and the stale field, then hands the error to the boundary', async () => {
    const store = streamingStore();
    store.apply([scalar('summary', 'draft')]);
    const { container, unmount } = render(AnswerBoundary, {
      slots: { default: () => h(RetryBanner, { store: store as FieldStore<{ summary: string }> }) },
    });
    rejectAttempt(store);
    store.dispatch({ type: 'attempt', attempt: 1, format: 'json' });
    await nextTick();
    expect(screen.getByRole('alert').textContent?.trim()).toBe('Retrying (attempt 2): field_rejected');
    expect(container.querySelector('p[data-stale]')?.getAttribute('data-stale')).toBe('true');
    expect(container.querySelector('p[data-stale]')?.textContent).toBe('draft');
    store.dispatch({ type: 'error', attempt: 1, error: new TransportError('gateway down', 502, '') } as ResponseEvent);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The answer failed: gateway down'));
    unmount();
  });

  it('the server render is the idle state', async () => {
    const html = (await renderIdlePanel()).replace(/<!--[^>]*-->/g, '');
    expect(html).toContain('<div class="fs-live-form" aria-busy="false" data-status="idle">');
    expect(html).toContain('<div class="fs-field" data-path="summary" data-phase="pending">');
    expect(html).toContain('<p class="fs-progress-status" data-status="idle">idle</p>');
    expect(html).toContain('<p class="fs-announce" role="status" aria-live="polite"></p>');
  });
});

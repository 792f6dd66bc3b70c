// packages/svelte/README.md and docs/guides/svelte.md: every snippet is one of this folder's components verbatim (svelte-check
// type-checks them with the package), and the runnable ones run here on the scripted model.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ResponseEvent, TransportError } from '@fieldstream/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { scalar } from '../../../core/test/store/patches';
import { rejectAttempt, streamingStore } from '../../../core/test/ui/ui-store';
import IncidentForm from './IncidentForm.svelte';
import IncidentPanel from './IncidentPanel.svelte';
import ReleaseNotes from './ReleaseNotes.svelte';
import RetryBanner from './RetryBanner.svelte';

afterEach(cleanup);

const folder = join(process.cwd(), 'packages/svelte/test/readme');
const readme = readFileSync(join(process.cwd(), 'packages/svelte/README.md'), 'utf8');
const guide = readFileSync(join(process.cwd(), 'docs/guides/svelte.md'), 'utf8');
const snippetsOf = (doc: string): string[] =>
  [...doc.matchAll(/^```(svelte|ts)\n([\s\S]*?)^```$/gm)].map((match) => match[2] as string);
const snippets = snippetsOf(readme);
const components = readdirSync(folder)
  .filter((file) => file.endsWith('.svelte'))
  .map((file) => readFileSync(join(folder, file), 'utf8'));

describe('the README', () => {
  it('holds five snippets, each a component of test/readme verbatim', () => {
    expect(snippets).toHaveLength(5);
    for (const snippet of snippets) expect(components).toContain(snippet);
  });

  it('the Svelte guide holds three snippets, each a component of test/readme verbatim', () => {
    expect(snippetsOf(guide)).toHaveLength(3);
    for (const snippet of snippetsOf(guide)) expect(components).toContain(snippet);
  });

  it('names every public export of the package', async () => {
    const exports = Object.keys(await import('../../src/index.js'));
    for (const name of exports) expect(readme).toContain(`\`${name}`);
  });
});

describe('the README examples', () => {
  it('the opening panel streams the summary after Ask', async () => {
    render(IncidentPanel);
    await fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(screen.getByText('EU card payments degraded')).toBeTruthy());
  });

  it('the release notes show each reader: the field, the list items, the status, the reasoning, the final data', async () => {
    const { container } = render(ReleaseNotes);
    await fireEvent.click(screen.getByRole('button', { name: 'Write the notes' }));
    await waitFor(() => expect(container.querySelector('p')?.textContent).toBe('done, attempt 1'));
    expect(container.querySelector('h3')?.textContent).toBe('2.1');
    expect(container.querySelector('h3')?.getAttribute('data-phase')).toBe('complete');
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Faster', 'Smaller']);
    expect(container.querySelector('small')?.textContent).toBe('Two changes.');
    expect(JSON.parse(container.querySelector('pre')?.textContent ?? '')).toEqual({
      version: '2.1',
      changes: [{ title: 'Faster' }, { title: 'Smaller' }],
    });
  });

  it('the form and progress panel fill in and settle, the headline through renderValue', async () => {
    const { container } = render(IncidentForm);
    await fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() =>
      expect(container.querySelector('.fs-progress-status')?.getAttribute('data-status')).toBe('done'),
    );
    expect(container.querySelector('.fs-live-form')?.className).toBe('fs-live-form incident');
    expect(container.querySelector('.fs-field[data-path="status_summary"] .fs-field-text')?.className).toBe(
      'fs-field-text headline',
    );
    expect(container.querySelector('.fs-field[data-path="status_summary"]')?.textContent).toContain(
      'Payments degraded',
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
  });

  it('the retry banner shows the retry and the stale field, then hands the error to the boundary', () => {
    const store = streamingStore();
    store.apply([scalar('summary', 'draft')]);
    const { container } = render(RetryBanner, { props: { store } as never });
    rejectAttempt(store);
    store.dispatch({ type: 'attempt', attempt: 1, format: 'json' });
    flushSync();
    expect(screen.getByRole('alert').textContent).toBe('Retrying (attempt 2): field_rejected');
    expect(container.querySelector('p[data-stale]')?.getAttribute('data-stale')).toBe('true');
    expect(container.querySelector('p[data-stale]')?.textContent).toBe('draft');
    store.dispatch({ type: 'error', attempt: 1, error: new TransportError('gateway down', 502, '') } as ResponseEvent);
    flushSync();
    expect(screen.getByRole('alert').textContent).toBe('The answer failed: gateway down');
  });
});

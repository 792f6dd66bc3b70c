// packages/vue/README.md: every ts and vue snippet appears verbatim in a file of this folder (the .vue
// files are checked by vue-tsc, the .test-d.ts by the types project), and the examples run as written.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFieldStore, createResponse } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { fireEvent, render, screen, waitFor } from '@testing-library/vue';
import { describe, expect, it } from 'vitest';
import IncidentPanel from './IncidentPanel.vue';
import ToolCallCards from './ToolCallCards.vue';

const here = import.meta.dirname;
const readme = readFileSync(join(here, '../../README.md'), 'utf8');
const snippets = [...readme.matchAll(/^```(ts|vue)\n([\s\S]*?)^```$/gm)].map((match) => match[2] as string);
const sources = readdirSync(here)
  .filter((file) => /\.(vue|test-d\.ts)$/.test(file))
  .map((file) => readFileSync(join(here, file), 'utf8'))
  .join('\n');

describe('the README', () => {
  it('has its four snippets', () => {
    expect(snippets).toHaveLength(4);
  });

  it.each(snippets.map((snippet, index) => [index, snippet] as const))('snippet %i is in a checked file', (_, code) => {
    expect(sources).toContain(code);
  });

  it('the quick start streams the answer into the summary, the form and the progress panel', async () => {
    const view = render(IncidentPanel);
    expect(screen.getByTestId('status').textContent).toBe('idle');
    await fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('done'));
    expect(screen.getByTestId('summary').textContent).toBe('EU card payments degraded');
    expect(screen.getByTestId('summary').getAttribute('data-complete')).toBe('true');
    const form = view.container.querySelector('.fs-live-form');
    expect(
      [...(form?.querySelectorAll('.fs-field') ?? [])].map((field) => [
        field.getAttribute('data-path'),
        field.textContent,
      ]),
    ).toEqual([
      ['status_summary', 'status_summaryEU card payments degraded'],
      ['actions[0]', 'fail over'],
      ['actions[1]', 'page on-call'],
    ]);
    const phases = [...view.container.querySelectorAll('.fs-progress-row')].map((row) =>
      row.getAttribute('data-phase'),
    );
    expect(phases).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    expect(view.container.querySelector('.fs-announce')?.textContent).toBe('Answer complete.');
    view.unmount();
  });

  it('the tool call cards show each call with its arguments', async () => {
    const response = createResponse({
      model: scriptedModel({
        answers: ['ok'],
        toolCalls: [{ name: 'search_tickets', arguments: '{"query": "disk"}' }],
      }),
      input: 'x',
    });
    const store = createFieldStore(response);
    const view = render(ToolCallCards, { props: { store } });
    await response.getData();
    await waitFor(() => expect(view.container.querySelector('.tool-call')?.getAttribute('data-complete')).toBe('true'));
    expect(view.container.querySelector('.tool-call h3')?.textContent).toBe('search_tickets');
    expect(view.container.querySelector('.tool-call pre')?.textContent).toBe('{"query":"disk"}');
    view.unmount();
  });
});

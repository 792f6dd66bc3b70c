import type { ToolCallState } from '@fieldstream/core';
import { defineFieldstreamElements, watchToolCalls } from '@fieldstream/elements';
import { incidentPreset } from '../../presets/incident';
import { TOOLS } from '../tools/tool-scenario';
import { incidentAnswer, parallelToolCalls } from './framework-responses';

// The page's own markup (no model text): the elements, their panels and the controls.
const TEMPLATE = `
  <div class="controls">
    <button type="button" data-testid="elements-start">Run the incident answer</button>
    <button type="button" data-testid="elements-abort">Stop</button>
    <button type="button" data-testid="elements-tools-start">Two parallel tool calls</button>
    <fieldstream-status data-testid="elements-status"></fieldstream-status>
  </div>
  <div class="columns">
    <section class="panel" data-testid="elements-live-form">
      <h3></h3>
      <fieldstream-form></fieldstream-form>
    </section>
    <section class="panel" data-testid="elements-progress">
      <h3>Progress</h3>
      <fieldstream-progress></fieldstream-progress>
    </section>
  </div>
  <section class="panel" data-testid="elements-tool-calls">
    <h3>Tool calls</h3>
    <fieldstream-form><ol class="stack"></ol></fieldstream-form>
  </section>`;

/**
 * The playground's live form, progress panel and tool-call cards with @fieldstream/elements and no
 * framework: the incident answer started by a `<fieldstream-form>` and shown by a progress panel
 * and a status line given its store; each tool call a card of `<fieldstream-field>`s on its
 * arguments' paths, inside a form whose store they take. Returns the function that takes it down
 * (the elements leave the page, aborting their responses).
 */
export function mountElementsApp(host: HTMLElement): () => void {
  defineFieldstreamElements();
  host.innerHTML = TEMPLATE;
  const panel = (testId: string): Element | null => host.querySelector(`[data-testid="${testId}"]`);
  const form = panel('elements-live-form')?.querySelector('fieldstream-form');
  const progress = host.querySelector('fieldstream-progress');
  const status = host.querySelector('fieldstream-status');
  const tools = panel('elements-tool-calls')?.querySelector('fieldstream-form');
  const title = panel('elements-live-form')?.querySelector('h3');
  if (!form || !progress || !status || !tools) throw new Error('the page is missing');
  if (title) title.textContent = incidentPreset.title;
  form.output = incidentPreset.output;
  progress.output = incidentPreset.output;
  let unwatchCalls = (): void => {};

  const onClick = (event: Event): void => {
    const testId = (event.target as Element).getAttribute('data-testid');
    if (testId === 'elements-start') {
      // Setting `start` (again) starts a new response, aborting the one before.
      form.start = incidentAnswer;
      progress.store = form.store;
      status.store = form.store;
    } else if (testId === 'elements-abort') {
      form.abort();
    } else if (testId === 'elements-tools-start') {
      tools.start = parallelToolCalls;
      unwatchCalls();
      const store = tools.store;
      const list = tools.querySelector('ol');
      if (store !== undefined && list !== null) unwatchCalls = watchToolCalls(store, (calls) => showCards(list, calls));
    }
  };
  host.addEventListener('click', onClick);
  return () => {
    unwatchCalls();
    host.removeEventListener('click', onClick);
    host.replaceChildren();
  };
}

/** One card per call, in the order the calls opened; each argument a field on its own path. */
function showCards(list: HTMLOListElement, calls: readonly ToolCallState[]): void {
  for (const call of calls) {
    const card = (list.children[call.index] as HTMLElement | undefined) ?? list.appendChild(newCard(call));
    card.dataset.complete = String(call.isComplete);
    const name = card.querySelector('h4');
    if (name !== null) name.textContent = call.name === '' ? '…' : call.name;
    const written = card.querySelector('pre');
    if (written !== null) written.textContent = JSON.stringify(call.arguments, null, 2);
    if (card.querySelector('fieldstream-field') === null) addArguments(card, call);
  }
  while (list.children.length > calls.length) list.lastElementChild?.remove();
}

function newCard(call: ToolCallState): HTMLLIElement {
  const card = document.createElement('li');
  card.className = 'tool-card';
  card.dataset.testid = 'elements-tool-card';
  card.append(document.createElement('h4'), document.createElement('pre'));
  addArguments(card, call);
  return card;
}

/** The arguments of the call's tool, once its name is known: `$tools[i].arguments.<key>` fields. */
function addArguments(card: HTMLElement, call: ToolCallState): void {
  const tool = TOOLS.find((candidate) => candidate.name === call.name);
  if (tool === undefined) return;
  for (const key of Object.keys(tool.parameters.properties ?? {})) {
    const field = document.createElement('fieldstream-field');
    field.label = key;
    field.path = `$tools[${call.index}].arguments.${key}`;
    card.append(field);
  }
}

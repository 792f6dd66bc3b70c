import { createResponse, openAIChat, type ResponseSource, type ToolCallState } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { defineFieldstreamElements, watchToolCalls } from '@fieldstream/elements';
import { incidentPreset } from '../../presets/incident';
import { TOOLS, TOOLS_BASE_URL } from '../tools/tool-scenario';

// The page's own markup (no model text): the elements, their containers and the controls.
const TEMPLATE = `
  <div class="controls">
    <button type="button" data-testid="elements-start">Run the incident answer</button>
    <button type="button" data-testid="elements-abort">Stop</button>
    <button type="button" data-testid="elements-tools-start">Two parallel tool calls</button>
    <fieldstream-status data-testid="elements-status"></fieldstream-status>
  </div>
  <fieldstream-form class="columns" data-testid="elements-answer">
    <section class="panel" data-testid="elements-progress">
      <h3>Progress</h3>
      <fieldstream-progress></fieldstream-progress>
    </section>
  </fieldstream-form>
  <section class="panel" data-testid="elements-tool-calls">
    <h3>Tool calls</h3>
    <fieldstream-form data-testid="elements-tools"><ol class="stack"></ol></fieldstream-form>
  </section>`;

const incidentAnswer = (signal: AbortSignal): ResponseSource =>
  createResponse({
    model: scriptedModel({ answers: [incidentPreset.recorded.text], chunkSize: 6, delayMs: 20 }),
    input: incidentPreset.input,
    output: incidentPreset.output,
    format: 'json',
    signal,
  });

const parallelCalls = (signal: AbortSignal): ResponseSource =>
  createResponse({
    model: openAIChat({ baseURL: new URL(TOOLS_BASE_URL, window.location.href).href, model: 'builtin' }),
    input: 'Look for similar tickets and file one.',
    tools: TOOLS,
    signal,
  });

/**
 * The playground's live form, progress panel and tool-call cards with @fieldstream/elements and no
 * framework: the incident answer fills a `<fieldstream-form>` whose progress panel and status take
 * its store, and each tool call is a card of `<fieldstream-field>`s on its arguments' paths.
 * Returns the function that takes it down (the elements leave the page, aborting their responses).
 */
export function mountElementsApp(host: HTMLElement): () => void {
  defineFieldstreamElements();
  host.innerHTML = TEMPLATE;
  const query = <E extends Element>(testId: string): E => host.querySelector(`[data-testid="${testId}"]`) as E;
  const answer = query<HTMLElementTagNameMap['fieldstream-form']>('elements-answer');
  const tools = query<HTMLElementTagNameMap['fieldstream-form']>('elements-tools');
  const status = query<HTMLElementTagNameMap['fieldstream-status']>('elements-status');
  const progress = host.querySelector('fieldstream-progress');
  answer.output = incidentPreset.output;
  if (progress !== null) progress.output = incidentPreset.output;
  let unwatchCalls = (): void => {};

  const onClick = (event: Event): void => {
    const testId = (event.target as Element).getAttribute('data-testid');
    if (testId === 'elements-start') {
      // Setting `start` (again) starts a new response, aborting the one before.
      answer.start = incidentAnswer;
      status.store = answer.store;
    } else if (testId === 'elements-abort') {
      answer.abort();
    } else if (testId === 'elements-tools-start') {
      tools.start = parallelCalls;
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
    if (card.querySelector('fieldstream-field') === null) addArguments(card, call);
  }
  while (list.children.length > calls.length) list.lastElementChild?.remove();
}

function newCard(call: ToolCallState): HTMLLIElement {
  const card = document.createElement('li');
  card.className = 'tool-card';
  card.dataset.testid = 'elements-tool-card';
  card.append(document.createElement('h4'));
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

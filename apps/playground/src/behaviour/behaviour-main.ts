// The response behaviour suite (packages/core/test/behaviour) against a real Worker: each case's
// response comes from `createWorkerResponse` with the package's default worker script. The results
// land in `window.__behaviour` for e2e/behaviour.spec.ts, and in the table for a person.
import { createWorkerResponse } from '@fieldstream/core/worker';
import {
  type BehaviourSource,
  behaviourCases,
  responseOptions,
  scriptedConfig,
} from '../../../../packages/core/test/behaviour/behaviour-cases';
import '../register-formats';

export type BehaviourResult = { name: string; actual: unknown; expected: unknown };

declare global {
  interface Window {
    /** Every case's result, set once all have run. */
    __behaviour?: BehaviourResult[];
    /** Where the responses ran: 'worker' (a real Worker) or 'in-thread' (no Worker here). */
    __behaviourSource?: 'worker' | 'in-thread';
  }
}

// As behaviour-sources.ts's `workerInThread`, without `worker: false`: a real Worker where one exists.
const realWorker: BehaviourSource = {
  name: 'in a real Worker (createWorkerResponse)',
  create: (spec) =>
    createWorkerResponse({
      model: { provider: 'scriptedModel', ...scriptedConfig(spec) },
      ...responseOptions(spec),
    }),
};

/** Deep equality of plain data; a property that is `undefined` counts as absent (as `toEqual`). */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = (value: object) =>
    Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
  const [aKeys, bKeys] = [keys(a), keys(b)];
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) => same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

async function runAll(): Promise<void> {
  const source = typeof Worker !== 'undefined' ? 'worker' : 'in-thread';
  window.__behaviourSource = source;
  const sourceText = document.querySelector('[data-testid="behaviour-source"]');
  if (sourceText) sourceText.textContent = source;
  const body = document.querySelector('[data-testid="behaviour-table"] tbody');
  const results: BehaviourResult[] = [];
  // One after another: each case's timing is its own.
  for (const [index, behaviourCase] of behaviourCases.entries()) {
    let actual: unknown;
    try {
      actual = await behaviourCase.run(realWorker.create(behaviourCase.spec));
    } catch (error) {
      actual = { thrown: String(error) };
    }
    results.push({ name: behaviourCase.name, actual, expected: behaviourCase.expected });
    const passed = same(actual, behaviourCase.expected);
    const row = document.createElement('tr');
    row.dataset.testid = `behaviour-case-${index}`;
    row.dataset.result = passed ? 'pass' : 'fail';
    const name = document.createElement('td');
    name.textContent = behaviourCase.name;
    const result = document.createElement('td');
    result.textContent = passed ? 'pass' : 'fail';
    row.append(name, result);
    body?.append(row);
  }
  window.__behaviour = results;
  const status = document.querySelector('[data-testid="behaviour-status"]');
  if (status instanceof HTMLElement) {
    status.dataset.state = 'done';
    status.textContent = `done: ${results.filter((r) => same(r.actual, r.expected)).length} of ${results.length} pass`;
  }
}

void runAll();

/**
 * `npm run bench -- react`: a 50-field live form at 2 000 tokens/s for 10 s of simulated time,
 * rendered by React (production build) into jsdom under Node. The clock is simulated: each token
 * is one task (JSON parse of the chunk + store update, flushed like a browser task ends), and a
 * frame task runs every 16.7 ms. Reported per schedule: React commits per second and per frame,
 * re-renders per field (and any re-render of a field whose own path did not change), and the
 * longest synchronous task. Targets: ≤ 1 commit per frame, only patched fields re-render, no task
 * over 50 ms. jsdom's DOM is slower than a browser's, so the task times are an upper bound.
 * A second table streams a ~150 KB answer into a 2 000-field form: the per-update work must follow
 * the patched paths, not the number of subscribed fields.
 */
import { createRequire } from 'node:module';
import { median } from './harness';

type JsdomModule = { JSDOM: new (html: string) => { window: Window & typeof globalThis } };

const FIELDS = 50;
const TOKENS_PER_SECOND = 2_000;
const SECONDS = 10;
const FRAME_MS = 1000 / 60;
const CHARS_PER_TOKEN = 4;
const LARGE_FIELDS = 2_000;
const LARGE_ANSWER_CHARS = 150_000;

type Row = {
  schedule: string;
  commitsPerSecond: number;
  maxCommitsPerFrame: number;
  medianRendersPerField: number;
  strayRenders: number;
  longestTaskMs: number;
  longestTaskCpuMs: number;
  p99TaskMs: number;
  medianFrameTaskMs: number;
  longestFrameTaskCpuMs: number;
  finalTaskMs: number;
  totalCpuMs: number;
  answerChars: number;
  medianSelectorRunsPerFrame: number;
  medianTokenTaskMs: number;
};

export default async function reactBench(): Promise<void> {
  const previousEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  installDom();
  await run('frame'); // warm-up: JIT and jsdom caches, not reported
  const rows = [await run('frame'), await run('sync')];
  process.env.NODE_ENV = previousEnv;

  console.log(
    `\n### React (jsdom under Node, simulated clock): ${FIELDS}-field LiveForm, ${TOKENS_PER_SECOND} tokens/s for ${SECONDS} s\n`,
  );
  console.log(
    '| schedule | commits/s | max commits/frame | median re-renders/field | re-renders of unpatched fields | longest task ms (wall / CPU) | p99 task ms | median frame task ms | longest frame task CPU ms | final task ms | total CPU ms | median selector runs/frame |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.schedule} | ${row.commitsPerSecond.toFixed(1)} | ${row.maxCommitsPerFrame} | ${row.medianRendersPerField} | ${row.strayRenders} | ${row.longestTaskMs.toFixed(1)} / ${row.longestTaskCpuMs.toFixed(1)} | ${row.p99TaskMs.toFixed(2)} | ${row.medianFrameTaskMs.toFixed(2)} | ${row.longestFrameTaskCpuMs.toFixed(1)} | ${row.finalTaskMs.toFixed(2)} | ${row.totalCpuMs.toFixed(0)} | ${row.medianSelectorRunsPerFrame} |`,
    );
  }
  await largeFormTable();
  await storeTable();
  console.log(
    '\nWall time includes preemption by other processes; CPU time (process.cpuUsage, all threads incl. GC helpers, ~1 ms resolution) does not.',
  );
}

function installDom(): void {
  // jsdom ships no type declarations; this is all the bench uses of it.
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as JsdomModule;
  const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>');
  const globals = globalThis as Record<string, unknown>;
  globals.window = dom.window;
  globals.document = dom.window.document;
  if (globals.navigator === undefined) globals.navigator = dom.window.navigator;
  for (const name of ['HTMLElement', 'HTMLIFrameElement', 'Node', 'Element', 'Event']) {
    globals[name] = (dom.window as unknown as Record<string, unknown>)[name];
  }
}

// React is imported once the DOM and NODE_ENV are set up; the counting component uses it from here.
let react: typeof import('react') | undefined;
const counter = { renders: new Map<string, number>(), committed: false };

/** Counts its commits per field path: it re-renders exactly when its field component does. */
function Counted({ path, text }: { path: string; text: string }): string {
  react?.useLayoutEffect(() => {
    counter.renders.set(path, (counter.renders.get(path) ?? 0) + 1);
    counter.committed = true;
  });
  return text;
}

/** `fields` string fields, `totalTokens` tokens of the answer spread evenly over them. */
async function run(
  schedule: 'frame' | 'sync',
  fields = FIELDS,
  totalTokens = TOKENS_PER_SECOND * SECONDS,
): Promise<Row> {
  const React = await import('react');
  const { createRoot } = await import('react-dom/client');
  const { flushSync } = await import('react-dom');
  const { createFieldStore, createStreamParser, defineOutput } = await import('@fieldstream/core');
  const { LiveForm } = await import('@fieldstream/react');

  const shape = Object.fromEntries(Array.from({ length: fields }, (_, i) => [`f${i}`, ['string'] as const]));
  const output = defineOutput(shape);
  const tokensPerField = Math.floor(totalTokens / fields);
  const answer = JSON.stringify(
    Object.fromEntries(
      Array.from({ length: fields }, (_, i) => [`f${i}`, `w${i} `.padEnd(CHARS_PER_TOKEN, 'x').repeat(tokensPerField)]),
    ),
  );
  const tokens: string[] = [];
  for (let i = 0; i < answer.length; i += CHARS_PER_TOKEN) tokens.push(answer.slice(i, i + CHARS_PER_TOKEN));

  // Frame notifications go through a scheduler driven by the simulated clock.
  let pendingFlush: (() => void) | undefined;
  const frameSchedule = (flush: () => void) => {
    pendingFlush = flush;
    return () => {
      pendingFlush = undefined;
    };
  };

  react = React;
  const renders = counter.renders;
  renders.clear();
  const renderValue = (field: { value: unknown }, path: string) =>
    React.createElement(Counted, { path, text: typeof field.value === 'string' ? field.value : '' });

  const store = createFieldStore();
  // Every hook's getSnapshot reads the store once and runs its selector: count those reads.
  const getState = store.getState;
  let stateReads = 0;
  store.getState = () => {
    stateReads++;
    return getState();
  };
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      React.createElement(LiveForm, {
        output,
        store,
        schedule: schedule === 'frame' ? frameSchedule : 'sync',
        renderValue,
      }),
    ),
  );
  renders.clear();

  const parser = createStreamParser({ format: 'json', output });
  const expected = new Map<string, number>();
  let touchedSinceCommit = new Set<string>();
  let commits = 0;
  let commitsThisFrame = 0;
  let maxCommitsPerFrame = 0;
  let longestTaskMs = 0;
  let longestTaskCpuMs = 0;
  let longestFrameTaskCpuMs = 0;
  let lastTaskCpuMs = 0;
  let totalCpuMs = 0;
  const taskTimes: number[] = [];
  const tokenTaskTimes: number[] = [];
  const frameTaskTimes: number[] = [];
  const frameSelectorRuns: number[] = [];
  const task = (work: () => void): number => {
    counter.committed = false;
    const cpu = process.cpuUsage();
    const start = performance.now();
    flushSync(work);
    const elapsed = performance.now() - start;
    const used = process.cpuUsage(cpu);
    lastTaskCpuMs = (used.user + used.system) / 1000;
    totalCpuMs += lastTaskCpuMs;
    taskTimes.push(elapsed);
    longestTaskMs = Math.max(longestTaskMs, elapsed);
    longestTaskCpuMs = Math.max(longestTaskCpuMs, lastTaskCpuMs);
    if (counter.committed) {
      commits++;
      commitsThisFrame++;
      for (const path of touchedSinceCommit) expected.set(path, (expected.get(path) ?? 0) + 1);
      touchedSinceCommit = new Set();
    }
    return elapsed;
  };

  let nextFrame = FRAME_MS;
  tokens.forEach((token, i) => {
    const now = (i / TOKENS_PER_SECOND) * 1000;
    while (nextFrame <= now) {
      const readsBefore = stateReads;
      frameTaskTimes.push(task(() => pendingFlush?.()));
      frameSelectorRuns.push(stateReads - readsBefore);
      longestFrameTaskCpuMs = Math.max(longestFrameTaskCpuMs, lastTaskCpuMs);
      maxCommitsPerFrame = Math.max(maxCommitsPerFrame, commitsThisFrame);
      commitsThisFrame = 0;
      nextFrame += FRAME_MS;
    }
    const tokenTaskMs = task(() => {
      const patches = parser.push(token);
      for (const patch of patches) touchedSinceCommit.add(patch.path);
      store.apply(patches);
    });
    tokenTaskTimes.push(tokenTaskMs);
  });
  maxCommitsPerFrame = Math.max(maxCommitsPerFrame, commitsThisFrame);
  // The final data reconciles every field (each becomes `confirmed`): one more render each.
  for (let i = 0; i < fields; i++) touchedSinceCommit.add(`f${i}`);
  const finalTaskMs = task(() => {
    store.apply(parser.finish());
    store.dispatch({ type: 'final', attempt: 0, data: parser.final?.value });
  });
  if (store.getState().status !== 'done') throw new Error('the response did not finish');
  root.unmount();
  container.remove();

  // A field may re-render only in commits that followed a patch of its own path.
  let strayRenders = 0;
  for (let i = 0; i < fields; i++) {
    const path = `f${i}`;
    strayRenders += Math.max(0, (renders.get(path) ?? 0) - (expected.get(path) ?? 0));
  }
  const simulatedSeconds = tokens.length / TOKENS_PER_SECOND;
  return {
    schedule,
    commitsPerSecond: commits / simulatedSeconds,
    maxCommitsPerFrame,
    medianRendersPerField: median(Array.from({ length: fields }, (_, i) => renders.get(`f${i}`) ?? 0)),
    strayRenders,
    longestTaskMs,
    longestTaskCpuMs,
    p99TaskMs: taskTimes.sort((a, b) => a - b)[Math.floor(taskTimes.length * 0.99)] ?? 0,
    medianFrameTaskMs: median(frameTaskTimes),
    longestFrameTaskCpuMs,
    finalTaskMs,
    totalCpuMs,
    answerChars: answer.length,
    medianSelectorRunsPerFrame: median(frameSelectorRuns),
    medianTokenTaskMs: median(tokenTaskTimes),
  };
}

/** A ~150 KB answer streamed into a 2 000-field LiveForm, frame schedule. */
async function largeFormTable(): Promise<void> {
  const row = await run('frame', LARGE_FIELDS, Math.round(LARGE_ANSWER_CHARS / CHARS_PER_TOKEN));
  const kb = (row.answerChars / 1000).toFixed(0);
  console.log(
    `\n### React (jsdom under Node, simulated clock): ${LARGE_FIELDS}-field LiveForm, ${kb} KB answer in 4-char tokens (frame schedule)\n`,
  );
  console.log(
    '| fields | median selector runs/frame | total CPU ms (all tasks) | median token task ms | p99 task ms | median frame task ms | longest frame task CPU ms | final task ms | re-renders of unpatched fields |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${LARGE_FIELDS} | ${row.medianSelectorRunsPerFrame} | ${row.totalCpuMs.toFixed(0)} | ${row.medianTokenTaskMs.toFixed(3)} | ${row.p99TaskMs.toFixed(2)} | ${row.medianFrameTaskMs.toFixed(2)} | ${row.longestFrameTaskCpuMs.toFixed(1)} | ${row.finalTaskMs.toFixed(1)} | ${row.strayRenders} |`,
  );
}

/** The store alone: one patch per `apply`, as a bound response delivers them. */
async function storeTable(): Promise<void> {
  const { createFieldStore } = await import('@fieldstream/core');
  const streamList = (items: number, deltasPerItem: number): number => {
    const store = createFieldStore();
    const start = performance.now();
    for (let i = 0; i < items; i++) {
      const path = `items[${i}].name`;
      let value = '';
      for (let d = 0; d <= deltasPerItem; d++) {
        const done = d === deltasPerItem;
        if (!done) value += 'abcd';
        store.apply([
          {
            path,
            wildcard_path: 'items[*].name',
            indexes: [i],
            delta: done ? '' : 'abcd',
            value,
            is_complete: done,
            event_type: done ? 'done' : 'delta',
            ...(done ? { completion_source: 'observed_boundary' as const } : {}),
          },
        ]);
      }
    }
    return ((performance.now() - start) * 1000) / (items * (deltasPerItem + 1));
  };
  streamList(2_000, 10); // warm-up
  console.log('\n### Field store alone: µs per patch (one patch per apply)\n');
  console.log('| list length | µs per patch |');
  console.log('|---:|---:|');
  for (const items of [50, 1_000, 10_000]) console.log(`| ${items} | ${streamList(items, 10).toFixed(2)} |`);
}

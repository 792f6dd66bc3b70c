/**
 * The page `npm run bench -- browser` loads (production build): streams a JSON answer at a fixed
 * token rate into a 50- or 500-field form and measures the main thread while it streams.
 * `liveform`: a paced model → createResponse → createFieldStore → React's LiveForm (the real pipeline).
 * `vue`, `svelte`, `elements`: the same pipeline into that binding's LiveForm (binding-forms.ts).
 * With `devtools`, `liveform` runs with the devtools panel open beside it, recording the response.
 * `baseline`: what the AI SDK's `useObject` runs — every chunk (the tokens of one task) re-parses the
 * whole text with the `ai` package's own `parsePartialJson` and sets the whole object as React state
 * when its `isDeepEqualData` says it changed.
 */
import {
  createFieldStore,
  createResponse,
  defineOutput,
  type FieldState,
  type FieldStore,
  type Model,
} from '@fieldstream/core';
import { LiveForm } from '@fieldstream/react';
import '@fieldstream/react/styles.css';
import { isDeepEqualData, parsePartialJson } from 'ai';
import { type ReactElement, useEffect, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { mountBindingForm } from './binding-forms';
import { benchAnswer, type PageConfig, type PageResult } from './page-protocol';

/**
 * Commits: layout effects of one commit run in one synchronous pass, so a microtask groups them.
 * The other bindings have no shared hook to count in, so their updates are the DOM's: a
 * MutationObserver delivers once per microtask checkpoint that changed the form, one update.
 */
const commits = { total: 0, sinceFrame: 0, pending: false };
function countCommit(): void {
  if (commits.pending) return;
  commits.pending = true;
  commits.total++;
  commits.sinceFrame++;
  queueMicrotask(() => {
    commits.pending = false;
  });
}

function Counted({ text }: { text: string }): string {
  useLayoutEffect(countCommit);
  return text;
}

const renderValue = (field: FieldState): ReactElement => (
  <Counted text={typeof field.value === 'string' ? field.value : ''} />
);

/** Yields the tokens due at `rate` per second, one batch per task (like network chunks). */
async function* pace(tokens: readonly string[], rate: number, onStart: () => void): AsyncGenerator<string[]> {
  onStart();
  const start = performance.now();
  for (let sent = 0; sent < tokens.length; ) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    const due = Math.min(tokens.length, Math.floor(((performance.now() - start) / 1000) * rate));
    if (due > sent) yield tokens.slice(sent, due);
    sent = Math.max(sent, due);
  }
}

function Baseline({ keys, feed }: { keys: readonly string[]; feed: (set: (text: string) => void) => void }) {
  const [object, setObject] = useState<Record<string, unknown>>({});
  useEffect(() => {
    let latest: unknown;
    // Parses run in order (one promise chain), as useObject's stream writer awaits each one.
    let parsed = Promise.resolve();
    feed((text) => {
      parsed = parsed.then(async () => {
        const { value } = await parsePartialJson(text);
        if (isDeepEqualData(latest, value)) return;
        latest = value;
        setObject((value ?? {}) as Record<string, unknown>);
      });
    });
  }, [feed]);
  return (
    <div>
      {keys.map((key) => (
        <div key={key}>
          <b>{key}</b> <Counted text={String(object[key] ?? '')} />
        </div>
      ))}
    </div>
  );
}

async function runBench(config: PageConfig): Promise<PageResult> {
  const { answer, keys } = benchAnswer(config.fields, config.tokensPerSecond * config.seconds);
  const tokens: string[] = [];
  for (let i = 0; i < answer.length; i += 4) tokens.push(answer.slice(i, i + 4));
  const host = document.getElementById('root') as HTMLElement;
  let unmount = (): void => {};

  const longTasks: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
  observer.observe({ type: 'longtask', buffered: false });
  const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
  let heapPeak = 0;
  let streamStart = 0;
  let streamEnd = 0;
  const frameCommits: number[] = [];
  let frames = 0;
  let sampling = true;
  const frame = (): void => {
    if (!sampling) return;
    if (streamStart > 0 && streamEnd === 0) {
      frames++;
      frameCommits.push(commits.sinceFrame);
      // Every 10th frame: a precise heap reading is not free.
      if (frames % 10 === 0) heapPeak = Math.max(heapPeak, memory?.usedJSHeapSize ?? 0);
    }
    commits.sinceFrame = 0;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const started = (): void => {
    streamStart = performance.now();
    commits.total = 0;
  };

  if (config.mode !== 'baseline') {
    const output = defineOutput(Object.fromEntries(keys.map((key) => [key, ['string'] as const])));
    const model: Model = async function* () {
      for await (const batch of pace(tokens, config.tokensPerSecond, started)) {
        if (config.chunks === 'batch') yield { type: 'text', delta: batch.join('') };
        else for (const delta of batch) yield { type: 'text', delta };
      }
      streamEnd = performance.now();
    };
    const response = createResponse({ model, input: 'bench', output, format: 'json', maxRetries: 0 });
    const store = createFieldStore(response);
    if (config.devtools === true) {
      // Loaded on demand, as an app loads the panel in development.
      const { defineDevtools } = await import('@fieldstream/devtools');
      defineDevtools();
      const panel = document.createElement('fieldstream-devtools');
      document.body.append(panel);
      const run = panel.attach(response, { label: 'bench' });
      const stopWatching = panel.attachStore(store, { label: 'bench store' });
      const previous = unmount;
      unmount = () => {
        run.stop();
        stopWatching();
        panel.remove();
        previous();
      };
    }
    if (config.mode === 'liveform') {
      const root = createRoot(host);
      root.render(<LiveForm output={output} store={store} renderValue={renderValue} />);
      const previous = unmount;
      unmount = () => {
        root.unmount();
        previous();
      };
    } else {
      const mutations = new MutationObserver(countCommit);
      mutations.observe(host, { childList: true, subtree: true, characterData: true, attributes: true });
      const unmountForm = mountBindingForm[config.mode](host, output, store as FieldStore<unknown>);
      unmount = () => {
        mutations.disconnect();
        unmountForm();
      };
    }
    // The stream starts once the empty form is on screen (as the baseline's starts from its mount
    // effect): mounting 500 fields is a one-off cost, not a streaming one.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await response.getData();
  } else {
    let text = '';
    const feed = (set: (text: string) => void): void => {
      void (async () => {
        for await (const batch of pace(tokens, config.tokensPerSecond, started)) {
          text += batch.join('');
          set(text);
        }
        streamEnd = performance.now();
      })();
    };
    const root = createRoot(host);
    root.render(<Baseline keys={keys} feed={feed} />);
    unmount = () => root.unmount();
    while (streamEnd === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  sampling = false;
  observer.disconnect();
  const streamMs = streamEnd - streamStart;
  const mid = longTasks.filter((task) => task.startTime >= streamStart && task.startTime < streamEnd);
  const shown = document.body.textContent?.length ?? 0;
  unmount();
  return {
    streamMs,
    tokens: tokens.length,
    fps: (frames / streamMs) * 1000,
    commits: commits.total,
    commitsPerFrame: frames === 0 ? 0 : frameCommits.reduce((sum, n) => sum + n, 0) / frames,
    maxCommitsPerFrame: Math.max(0, ...frameCommits),
    longTasks: mid.length,
    longestTaskMs: Math.max(0, ...mid.map((task) => task.duration)),
    totalBlockingMs: mid.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    heapPeakMB: heapPeak / 1e6,
    shownChars: shown,
  };
}

(window as Window & { runBench?: typeof runBench }).runBench = runBench;

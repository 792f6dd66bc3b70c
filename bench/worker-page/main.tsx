/**
 * The page `npm run bench -- worker` loads (production build): `tiles` forms, each fed by its own
 * response from a paced SSE endpoint (OpenAI chat chunks), parsed on the page (`createResponse`)
 * or in the package's Worker (`createWorkerResponse`); the same `createFieldStore` and `LiveForm`
 * render both. Measures fps, long tasks and click latency while the answers stream.
 */
import {
  createFieldStore,
  createResponse,
  defineOutput,
  type FieldState,
  type FieldStore,
  openAIChat,
} from '@fieldstream/core';
import { createWorkerResponse } from '@fieldstream/core/worker';
import { LiveForm } from '@fieldstream/react';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { benchAnswer } from '../browser/page-protocol';
import { streamBaseURL, type WorkerBenchConfig, type WorkerBenchResult } from './page-protocol';

const renderValue = (field: FieldState): string => (typeof field.value === 'string' ? field.value : '');

/** Click latency: from the input event to the first frame after its handler ran. */
const clicks: number[] = [];
(document.getElementById('probe') as HTMLButtonElement).addEventListener('click', (event) => {
  const at = event.timeStamp;
  requestAnimationFrame(() => clicks.push(performance.now() - at));
});

function Tiles({ stores, output }: { stores: FieldStore[]; output: ReturnType<typeof defineOutput> }): ReactElement {
  return (
    <div className="tiles">
      {stores.map((store, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: tiles never reorder
        <div className="tile" key={index}>
          <LiveForm output={output} store={store} renderValue={renderValue} />
        </div>
      ))}
    </div>
  );
}

async function runBench(config: WorkerBenchConfig): Promise<WorkerBenchResult> {
  const { keys } = benchAnswer(config.fields, config.tokensPerSecond * config.seconds);
  const output = defineOutput(Object.fromEntries(keys.map((key) => [key, ['string'] as const])));
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const longTasks: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
  observer.observe({ type: 'longtask', buffered: false });
  let frames = 0;
  let sampling = true;
  const frame = (): void => {
    if (!sampling) return;
    frames++;
    requestAnimationFrame(frame);
  };
  clicks.length = 0;
  const start = performance.now();
  requestAnimationFrame(frame);
  const responses = Array.from({ length: config.tiles }, (_, tile) => {
    const model = { baseURL: streamBaseURL(location.origin, config, tile), model: 'bench' };
    const common = { input: 'bench', output, format: 'json' as const, maxRetries: 0 };
    return config.mode === 'worker'
      ? createWorkerResponse({ ...common, model: { provider: 'openAIChat', ...model } })
      : createResponse({ ...common, model: openAIChat(model) });
  });
  const stores = responses.map((response) => createFieldStore(response));
  root.render(<Tiles stores={stores} output={output} />);
  await Promise.all(responses.map((response) => response.getData()));
  const end = performance.now();
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  sampling = false;
  observer.disconnect();
  const mid = longTasks.filter((task) => task.startTime >= start && task.startTime < end);
  const shown = document.getElementById('root')?.textContent?.length ?? 0;
  root.unmount();
  return {
    streamMs: end - start,
    fps: (frames / (end - start)) * 1000,
    longTasks: mid.length,
    longTaskStarts: mid.map((task) => task.startTime - start),
    longestTaskMs: Math.max(0, ...mid.map((task) => task.duration)),
    totalBlockingMs: mid.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    clicks: [...clicks],
    shownChars: shown,
  };
}

(window as Window & { runBench?: typeof runBench }).runBench = runBench;

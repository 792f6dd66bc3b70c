/**
 * Runs the bad-input probe table (input-probes.ts) and counts the outcomes per class:
 *   npx tsx packages/core/test/hardening/run-probes.ts [checkout root] [--list]
 * Classes: typed (a FieldstreamError naming the argument), internal (typed, but the message does
 * not say which argument or what was expected), raw (a TypeError or other untyped error), silent
 * (accepted without an error), hang (no answer within 5 s; the probe runs in a worker that is
 * then ended, and the table continues in a fresh one).
 */
import { dirname, resolve } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { probes } from './input-probes';
import { type Api, loadApi } from './probe-api';

type Outcome = 'typed' | 'internal' | 'raw' | 'silent' | 'hang';
type Result = { index: number; outcome: Outcome; detail: string };
const HANG_MS = 5_000;

if (isMainThread) await main();
else await work(workerData as { root: string; from: number });

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const root = resolve(
    args.find((arg) => !arg.startsWith('--')) ?? resolve(dirname(import.meta.filename), '../../../..'),
  );
  const results: Result[] = [];
  let from = 0;
  while (from < probes.length) {
    const done = await runWorker(root, from, (result) => results.push(result));
    if (done === 'hang') {
      results.push({ index: results.length, outcome: 'hang', detail: `no answer in ${HANG_MS} ms` });
    }
    from = results.length;
  }
  const counts = { typed: 0, internal: 0, raw: 0, silent: 0, hang: 0 };
  for (const result of results) counts[result.outcome]++;
  console.log(`probes: ${results.length} (root ${root})`);
  console.log(
    Object.entries(counts)
      .map(([name, count]) => `${name} ${count}`)
      .join(', '),
  );
  if (args.includes('--list')) {
    for (const result of results) {
      if (result.outcome !== 'typed')
        console.log(`${result.outcome.padEnd(8)} ${probes[result.index]?.name} — ${result.detail}`);
    }
  }
}

/** Runs probes from `from` in a worker; resolves 'hang' when one did not answer in time. */
function runWorker(root: string, from: number, record: (result: Result) => void): Promise<'done' | 'hang'> {
  return new Promise((resolvePromise) => {
    // The worker registers tsx itself (an `--import` in execArgv does not reach worker threads on Node 20).
    const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: { root, from } });
    let timer = setTimeout(() => hang(), HANG_MS);
    const hang = () => {
      void worker.terminate();
      resolvePromise('hang');
    };
    worker.on('message', (message: Result | 'end') => {
      clearTimeout(timer);
      if (message === 'end') {
        void worker.terminate();
        resolvePromise('done');
        return;
      }
      record(message);
      timer = setTimeout(() => hang(), HANG_MS);
    });
    worker.on('error', (error) => {
      clearTimeout(timer);
      console.error('probe worker failed:', error);
      process.exit(2);
    });
  });
}

async function work({ root, from }: { root: string; from: number }): Promise<void> {
  const api = await loadApi(root);
  // An error escaping to the event loop would end a Node process: count it against the probe.
  let escaped: unknown;
  process.on('uncaughtException', (error) => {
    escaped = error;
  });
  process.on('unhandledRejection', () => {});
  for (let index = from; index < probes.length; index++) {
    const probe = probes[index];
    if (probe === undefined) break;
    escaped = undefined;
    let outcome: Result;
    try {
      const value = probe.run(api);
      if (value instanceof Promise) await value;
      await new Promise((tick) => setTimeout(tick, 0));
      outcome =
        escaped === undefined
          ? { index, outcome: 'silent', detail: 'no error' }
          : classify(api, probe, escaped, index, 'escaped: ');
    } catch (error) {
      outcome = classify(api, probe, error, index, '');
    }
    parentPort?.postMessage(outcome);
  }
  parentPort?.postMessage('end');
}

function classify(api: Api, probe: (typeof probes)[number], error: unknown, index: number, prefix: string): Result {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const detail = prefix + message.slice(0, 160);
  if (!(error instanceof api.FieldstreamError)) return { index, outcome: 'raw', detail };
  const typed = error as unknown as Error;
  const named = probe.errorName === undefined || typed.name === probe.errorName;
  const clear = typed.message.toLowerCase().includes(probe.mentions.toLowerCase());
  return { index, outcome: prefix === '' && named && clear ? 'typed' : 'internal', detail };
}

// Runs inside a node:worker_threads Worker: proves the transport needs no DOM (no window/document).
import { parentPort, workerData } from 'node:worker_threads';
import { fetchEventStream } from '../../src/transport/fetch-event-stream';

const { url } = workerData as { url: string };
const globals = globalThis as Record<string, unknown>;
const result = {
  hasWindow: typeof globals.window !== 'undefined',
  hasDocument: typeof globals.document !== 'undefined',
  messages: [] as unknown[],
  error: '',
};
try {
  for await (const message of fetchEventStream(url, { method: 'POST', body: '{}' })) result.messages.push(message);
} catch (error) {
  result.error = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
parentPort?.postMessage(result);

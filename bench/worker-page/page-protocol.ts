/** What `npm run bench -- worker` asks its page to do, and what it gets back. */
export type WorkerBenchConfig = {
  /** `main`: createResponse on the page; `worker`: createWorkerResponse (the package's default worker). */
  mode: 'main' | 'worker';
  /** Forms on the page, each streamed by its own response at the same time. */
  tiles: number;
  fields: number;
  /** Tokens per second of each tile's stream (4-character tokens). */
  tokensPerSecond: number;
  seconds: number;
};

export type WorkerBenchResult = {
  /** From the start to the last tile's data. */
  streamMs: number;
  fps: number;
  longTasks: number;
  /** When each long task started, in ms from the start of the run. */
  longTaskStarts: number[];
  longestTaskMs: number;
  totalBlockingMs: number;
  /** Clicks on the page's button while it streamed: event time → the next frame after the handler. */
  clicks: number[];
  /** Characters of answer text on the page at the end. */
  shownChars: number;
};

/** The paced SSE endpoint (OpenAI chat chunks) of one tile: POSTed to by `openAIChat`. */
export function streamBaseURL(origin: string, config: WorkerBenchConfig, tile: number): string {
  return `${origin}/sse/${config.fields}/${config.tokensPerSecond}/${config.seconds}/${tile}`;
}

import type { BindingRenderer } from './binding-forms';

/** What the bench runner asks the page to do, and what it gets back. */
export type PageConfig = {
  /** `liveform`: React's LiveForm; a binding's name: its LiveForm; `baseline`: the AI SDK's useObject loop. */
  mode: 'liveform' | BindingRenderer | 'baseline';
  fields: number;
  tokensPerSecond: number;
  seconds: number;
  /**
   * How the LiveForm model yields a ~2 ms batch of tokens: one text event per token (default, as an
   * SSE delta per token arrives) or the whole batch as one event (a provider sending several tokens
   * per event); bench/browser-trace.ts can ask for `'batch'`.
   */
  chunks?: 'token' | 'batch';
  /**
   * `liveform` with `<fieldstream-devtools>` open beside it, recording the response and drawing its
   * timeline (issue 48: the panel must not cost the page its frames).
   */
  devtools?: boolean;
};

export type PageResult = {
  /** From the first token to the last one delivered. */
  streamMs: number;
  tokens: number;
  /** Animation frames per second while the answer streamed. */
  fps: number;
  /** React commits (a binding's DOM updates) while the answer streamed (and the final one). */
  commits: number;
  commitsPerFrame: number;
  maxCommitsPerFrame: number;
  /** Long tasks (> 50 ms) that started while the answer streamed. */
  longTasks: number;
  longestTaskMs: number;
  /** Sum over mid-stream long tasks of the time past 50 ms. */
  totalBlockingMs: number;
  /** Largest `performance.memory.usedJSHeapSize` sampled every 10th frame while streaming. */
  heapPeakMB: number;
  /** Text on the page at the end (the run showed the answer). */
  shownChars: number;
};

/** Prose-like filler: words and spaces, so a long value wraps at spaces as model text does. */
const WORDS = 'the disk on db-1 is full and the replica lags behind by about ten minutes so writes wait ';

/** A JSON object of `fields` string fields (`f0`…) holding `tokens` 4-character tokens in all. */
export function benchAnswer(fields: number, tokens: number): { answer: string; keys: string[] } {
  const keys = Array.from({ length: fields }, (_, i) => `f${i}`);
  const perField = Math.max(1, Math.floor(tokens / fields)) * 4 - 8;
  const filler = WORDS.repeat(Math.ceil(perField / WORDS.length));
  const answer = JSON.stringify(Object.fromEntries(keys.map((key, i) => [key, `w${i} ${filler}`.slice(0, perField)])));
  return { answer, keys };
}

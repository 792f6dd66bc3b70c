import { ProviderError, TransportError } from '../errors/errors';
import { checkScriptedModelOptions } from '../providers/check-provider-options';
import type { Model, ModelEvent, ModelRequest } from '../providers/model';
import type { ProviderDescriptor } from '../providers/provider-descriptor';
import { type ChunkSize, chunksOf } from '../providers/scripted-chunks';
import { type ScriptedToolCall, toolCallEvents } from '../providers/scripted-tool-calls';
import { onAbort, sleep, toAbortError } from '../transport/abort';
import { seededRandom } from './seeded-random';

/** Text per attempt: `texts[attempt]` (the last one repeats), or a function of the request. */
export type ScriptedText = readonly string[] | ((request: ModelRequest) => string);

/** A fault injected into one attempt of a {@link scriptedModel}. */
export type ScriptedFault =
  /** The connection drops after `at` answer characters (default: half the answer): `TransportError` status 0. */
  | { attempt: number; kind: 'drop_connection'; at?: number }
  /** The provider reports an error after `at` answer characters (default 0): `ProviderError`. */
  | { attempt: number; kind: 'provider_error'; at?: number; code?: string; message?: string }
  /** This attempt answers `answer` instead: output that does not parse. */
  | { attempt: number; kind: 'malformed'; answer: string }
  /** This attempt answers `answer` instead: output that parses but lacks a required field. */
  | { attempt: number; kind: 'missing_field'; answer: string };

/** Options for {@link scriptedModel}. */
export type ScriptedModelOptions = {
  /** The answer text per attempt (`answers[attempt]`, the last repeating), or a function of the request. */
  answers: ScriptedText;
  /** Reasoning streamed before the answer, as `reasoning` events (same forms as `answers`, or one string). */
  reasoning?: ScriptedText | string;
  /**
   * Characters per event: a fixed size, or `[min, max]` drawn from a PRNG seeded by `seed` and the
   * attempt, so the same options always stream the same chunks. Default 8. Surrogate pairs are never split.
   */
  chunkSize?: ChunkSize;
  /** Seed for `[min, max]` chunk sizes. Default 1. */
  seed?: number;
  /** Milliseconds between events (a `setTimeout`, so fake timers drive it). Default 0: no timers. */
  delayMs?: number;
  /** Milliseconds before the first reasoning or text event. Default 0. */
  firstTokenDelayMs?: number;
  /** Faults by attempt (see {@link ScriptedFault}); several may name different attempts. */
  faults?: readonly ScriptedFault[];
  /**
   * Tool calls made after the answer, on every attempt: each opens with its id and name, then their
   * arguments stream in chunks, interleaved as parallel calls are. Fieldstream never executes them.
   */
  toolCalls?: readonly ScriptedToolCall[];
  /** Extra meta reported when an attempt finishes (merged over `finishReason` and `usage`). */
  meta?: Readonly<Record<string, unknown>>;
};

const PROVIDER = 'scriptedModel';

/** {@link scriptedModel}: it replays text, so nothing is asked natively; it can stream reasoning. */
export const scriptedModelProvider: ProviderDescriptor<typeof PROVIDER> = {
  name: PROVIDER,
  capabilities: { jsonObject: false, jsonSchema: false, strictJsonSchema: false, reasoning: true },
};

/**
 * A deterministic model for tests, demos and the playground: replays scripted answers with the
 * chunk sizes, delays and faults you choose, no network. Asked for the output through a tool
 * (`request.outputTool`), it streams the answer as that tool's arguments; `toolCalls` adds calls. Each call reports meta
 * `{ provider: 'scriptedModel', model: 'scripted', attempt }` first and, when it completes,
 * `{ finishReason: 'stop', usage }` (character counts). Aborting rejects with `AbortError` at once,
 * also in the middle of a delay.
 */
export function scriptedModel(options: ScriptedModelOptions): Model {
  checkScriptedModelOptions(options);
  // Node gives every AbortSignal a hidden class of its own: a signal read in the stream's optimised
  // loop would throw that code away on every request (a recompile each time). So the signal is
  // watched here, and the stream reads a plain flag (response/attempt-stream.ts does the same).
  return (request, { signal }) => {
    const watch: AbortWatch = { aborted: signal.aborted, signal };
    const release = onAbort(signal, () => {
      watch.aborted = true;
    });
    return scriptedModelStream(options, request, watch, release);
  };
}

type AbortWatch = { aborted: boolean; readonly signal: AbortSignal };

async function* scriptedModelStream(
  options: ScriptedModelOptions,
  request: ModelRequest,
  watch: AbortWatch,
  release: () => void,
): AsyncGenerator<ModelEvent, void, undefined> {
  try {
    if (watch.aborted) throw toAbortError(watch.signal);
    const fault = options.faults?.find((f) => f.attempt === request.attempt);
    const answer =
      fault?.kind === 'malformed' || fault?.kind === 'missing_field' ? fault.answer : pick(options.answers, request);
    const reasoning = options.reasoning === undefined ? '' : pick(options.reasoning, request);
    const random = seededRandom((options.seed ?? 1) + request.attempt * 0x9e3779b1);
    const size = options.chunkSize ?? 8;
    const failAt =
      fault?.kind === 'drop_connection'
        ? (fault.at ?? Math.floor(answer.length / 2))
        : fault?.kind === 'provider_error'
          ? (fault.at ?? 0)
          : Infinity;

    const meta = {
      provider: PROVIDER,
      model: 'scripted',
      attempt: request.attempt,
      ...(fault ? { fault: fault.kind } : {}),
    };
    yield { type: 'meta', meta };
    const delivered = answer.slice(0, cutBefore(answer, failAt));
    const failing = fault?.kind === 'drop_connection' || fault?.kind === 'provider_error' ? fault : undefined;
    // Chunks are cut as they are sent: a long answer's chunks never all exist at once.
    const events = scriptedEvents(
      request,
      reasoning,
      delivered,
      failing ? [] : (options.toolCalls ?? []),
      size,
      random,
    );
    let sent = 0;
    // Awaits only a real delay: an await per event with no delay would be the model's main cost.
    const pause = (): Promise<void> | undefined => {
      const wait = sent++ === 0 ? (options.firstTokenDelayMs ?? 0) : (options.delayMs ?? 0);
      if (wait > 0) return sleep(wait, watch.signal);
      if (watch.aborted) throw toAbortError(watch.signal);
      return undefined;
    };
    for (const event of events) {
      const delay = pause();
      if (delay !== undefined) await delay;
      yield event;
    }
    // The fault arrives when the next event would have: after the same delay.
    if (failing) {
      const delay = pause();
      if (delay !== undefined) await delay;
      throw faultError(failing, request.attempt, delivered);
    }
    yield {
      type: 'meta',
      meta: {
        finishReason: 'stop',
        usage: {
          inputTokens: request.prompt.length,
          outputTokens: reasoning.length + answer.length,
          totalTokens: request.prompt.length + reasoning.length + answer.length,
        },
        ...options.meta,
      },
    };
  } finally {
    // Outside the loop's compiled code too: released once the stream has ended.
    queueMicrotask(release);
  }
}

/** The events of one answer, cut into chunks as they are asked for. */
function* scriptedEvents(
  request: ModelRequest,
  reasoning: string,
  delivered: string,
  toolCalls: readonly ScriptedToolCall[],
  size: ChunkSize,
  random: () => number,
): Generator<ModelEvent, void, undefined> {
  for (const delta of chunksOf(reasoning, size, random)) yield { type: 'reasoning', delta };
  // Asked for the output through a tool, the answer is that forced call's arguments.
  const tool = request.outputTool;
  if (tool !== undefined) yield { type: 'tool_call', key: 0, id: 'call_output', name: tool.name, delta: '' };
  for (const delta of chunksOf(delivered, size, random)) {
    yield tool === undefined ? { type: 'text', delta } : { type: 'tool_call', key: 0, delta };
  }
  yield* toolCallEvents(toolCalls, tool === undefined ? 0 : 1, size, random);
}

/** `at` clamped to the text, moved back one unit rather than cut a surrogate pair. */
function cutBefore(text: string, at: number): number {
  const cut = Math.max(0, Math.min(text.length, Math.floor(at)));
  const before = text.charCodeAt(cut - 1);
  return cut < text.length && before >= 0xd800 && before <= 0xdbff ? cut - 1 : cut;
}

function pick(texts: ScriptedText | string, request: ModelRequest): string {
  if (typeof texts === 'string') return texts;
  if (typeof texts === 'function') return texts(request);
  return texts[Math.min(request.attempt, texts.length - 1)] ?? '';
}

function faultError(
  fault: Extract<ScriptedFault, { kind: 'drop_connection' | 'provider_error' }>,
  attempt: number,
  partial: string,
): Error {
  if (fault.kind === 'drop_connection') {
    return new TransportError('Connection dropped (scripted fault)', 0, '', { attempt, rawText: partial });
  }
  const code = fault.code ?? 'scripted_error';
  const message = fault.message ?? 'the provider reported an error (scripted fault)';
  return new ProviderError(PROVIDER, code, message, {
    attempt,
    rawText: JSON.stringify({ error: { type: code, message } }),
  });
}

import type { StreamingData } from '../../patch/streaming-data';

// The answer flow's contract, as `@jangts/agent-core/kits/answering` documents it (seed
// `agent-core-answer-flow.txt`). Names and shapes follow the seed; `emit`/`sink` (streaming an
// item's patches into a store) is this project's extension on top.

/** Something wrong with one item's value, as `check`, `review` or the flow itself reports it. */
export type AnswerIssue = { readonly code: string; readonly message: string; readonly path?: string };

/** Whether an item's sources were read. The flow carries it to every handler unchanged. */
export type AnswerSourceStatus = 'ready' | 'partial' | 'unavailable';

/** One unit of work: the input questions it covers (`inputIds`) and the data to answer from. */
export type AnswerItem<Data> = {
  readonly id: string;
  /** The run's input ids this item answers; every input id must be covered by some item. */
  readonly inputIds: readonly string[];
  readonly sourceStatus: AnswerSourceStatus;
  readonly data: Data;
};

/** The outcome of one check or review of one value. */
export type AnswerCheck<Value> = {
  readonly status: 'unavailable' | 'passed' | 'failed' | 'not-run';
  /** Problems found; expected to be empty when the status is passed. */
  readonly issues: readonly AnswerIssue[];
  /** Checked or produced value; present only when the check yields one (it then replaces the value). */
  readonly value?: Value;
};

/** `fallback`'s answer: `handled` supplies a replacement value. */
export type RecoveryResult<Value> = { readonly handled: false } | { readonly handled: true; readonly value: Value };

/** Which handler produced a recorded check. */
export type AnswerStage = 'generate' | 'check' | 'review' | 'fallback';

/** A check as the result records it: the handler's check plus where and when it ran. */
export type AnswerResultCheck<Value> = AnswerCheck<Value> & {
  readonly stage: AnswerStage;
  /** 0 for the first round, then 1 … `maxRepairs`. */
  readonly round: number;
};

/**
 * The flow's outcome for one item. `passed`: checked (and reviewed); `recovered`: `fallback`
 * supplied the value; `failed`: still failing after every round and the fallback; `not-run`:
 * `canInvoke` refused before the item was ever generated and the fallback did not handle it.
 */
export type AnswerResult<Data, Value> = {
  readonly id: string;
  readonly item: AnswerItem<Data>;
  readonly status: 'passed' | 'recovered' | 'failed' | 'not-run';
  readonly value?: Value;
  /** Every check of the item in order, over all rounds. */
  readonly checks: readonly AnswerResultCheck<Value>[];
  /** The issues that still stand (empty when passed or recovered). */
  readonly issues: readonly AnswerIssue[];
};

/** An explicit recorder for one operation (never inferred from `diagnostics`). */
export type SubFlowLog = { warn(message: string, detail?: unknown): void };

/** A non-fatal event of a run: an unavailable review or an observer that threw. */
export type AnswerDiagnostic = {
  readonly code: 'review_unavailable' | 'observer_failed';
  readonly stageId: string;
  readonly message: string;
};

/** The diagnostic scope of the enclosing call, when recording is enabled. */
export type DiagnosticContext = { record(diagnostic: AnswerDiagnostic): void };

/** What every handler receives: the app's dependencies, the run's signal and its recorders. */
export type OperationContext<App> = {
  readonly app: unknown extends App ? App : Readonly<App>;
  readonly logger?: SubFlowLog;
  /** Non-optional cancellation signal. */
  readonly signal: AbortSignal;
  readonly diagnostics?: DiagnosticContext;
};

/** Extension: `run`'s context may carry a sink for the patches `generate` emits. */
export type AnswerRunContext<App> = OperationContext<App> & {
  /** Receives the patches `generate` emits, re-rooted under `items.<id>`. */
  readonly sink?: (events: readonly StreamingData[]) => void;
};

/** Extension: `generate`'s context can stream one item's patches into the run's sink. */
export type GenerateContext<App> = OperationContext<App> & {
  emit(itemId: string, events: readonly StreamingData[]): void;
};

export type GenerateInput<Data, Value> = {
  readonly items: readonly AnswerItem<Data>[];
  /** The issues of the failed attempt, per item id (repair rounds only). */
  readonly repairs?: ReadonlyMap<string, readonly AnswerIssue[]>;
  /** The rejected values of the failed attempt, per item id (repair rounds only). */
  readonly previous?: ReadonlyMap<string, Value>;
};

type MaybePromise<T> = T | Promise<T>;

/** `required` blocks on an unresolved review; `optional` tolerates it; `off` skips review. */
export type AnswerReviewPolicy = 'required' | 'off' | 'optional';

/** Static handlers and limits; signal, diagnostics and app dependencies arrive at `run`. */
export interface AnswerFlowDefinition<Data, Value, App = undefined> {
  /** Maximum items in one batch; a positive integer. */
  readonly maxItems: number;
  /** Repair rounds; the flow runs at most `maxRepairs + 1` rounds in total. */
  readonly maxRepairs: number;
  /** Defaults to `optional`; `required` blocks on an unresolved review; `off` skips it. */
  readonly reviewPolicy?: AnswerReviewPolicy;
  /** Request-level budget guard, asked before every `generate` call; must return a boolean synchronously. */
  canInvoke(context: OperationContext<App>): boolean;
  /**
   * Produces values for the items that still need one. The context is an `OperationContext` plus
   * this project's `emit` (stream an item's patches into the run's `sink`).
   */
  generate(input: GenerateInput<Data, Value>, context: GenerateContext<App>): Promise<ReadonlyMap<string, Value>>;
  /** Local check for one generated value; must return synchronously. */
  check(
    input: { readonly item: AnswerItem<Data>; readonly value: Value },
    context: OperationContext<App>,
  ): AnswerCheck<Value>;
  /** Batch review; returns one check per reviewed item and must cover the submitted items. */
  review?(
    input: { readonly items: readonly { item: AnswerItem<Data>; value: Value }[] },
    context: OperationContext<App>,
  ): Promise<ReadonlyMap<string, AnswerCheck<Value>>>;
  /** Last resort for a failed item; `handled` supplies a replacement value. */
  fallback(
    input: { readonly item: AnswerItem<Data>; readonly issues: readonly AnswerIssue[] },
    context: OperationContext<App>,
  ): RecoveryResult<Value>;
  /** Observes a stage outcome; its failures never affect the flow result. */
  observe?(
    input: { readonly stageId: string; readonly results: readonly AnswerResult<Data, Value>[] },
    context: OperationContext<App>,
  ): MaybePromise<void>;
}

/** What `run` answers: the input ids and the items that cover them. */
export type AnswerFlowInput<Data> = {
  readonly inputIds: readonly string[];
  readonly items: readonly AnswerItem<Data>[];
};

/** One result per item, in the order of the items (a tuple of items gives a tuple of results). */
export type AnswerResults<Data, Value, Items extends readonly AnswerItem<Data>[]> = {
  -readonly [K in keyof Items]: AnswerResult<Data, Value>;
};

export type AnswerFlow<Data, Value, App = undefined> = {
  readonly definition: AnswerFlowDefinition<Data, Value, App>;
  /** Results in the order of `input.items`. Rejects with `AbortError` when the signal aborts. */
  run<const Items extends readonly AnswerItem<Data>[]>(
    input: { readonly inputIds: readonly string[]; readonly items: Items },
    context: AnswerRunContext<App>,
  ): Promise<AnswerResults<Data, Value, Items>>;
};

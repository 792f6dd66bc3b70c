import type { StreamingData } from '../../patch/streaming-data';

/** Something wrong with one item's value, as `check`, `review` or `generate` report it. */
export type FlowIssue = { code: string; message: string; path?: string };

/** One item to answer: its id and its input data. */
export type FlowItem<Data> = { id: string; data: Data };

/** An item handed to `generate`: on repair rounds, with what was wrong and the rejected value. */
export type GenerateItem<Data, Value> = FlowItem<Data> & {
  /** Issues of the previous round (repair rounds only). */
  repairs?: readonly FlowIssue[];
  /** The value the previous round produced and the flow rejected (repair rounds only). */
  previous?: Value;
};

/** What `generate` receives: only the items that still need a value, at most `maxItems`. */
export type GenerateRequest<Data, Value, App> = {
  items: readonly GenerateItem<Data, Value>[];
  /** 0 for the first round, then 1 … `maxRepairs`. */
  round: number;
  app: App;
  signal: AbortSignal;
  /** Streams patches of one item into the run's sink under `items.<id>…` (see `run`'s `sink`). */
  emit(itemId: string, events: readonly StreamingData[]): void;
};

/** `generate`'s answer: a value per item id. Items left out count as failed with `missing-value`. */
export type GenerateResult<Value> = Readonly<Record<string, Value>> | ReadonlyMap<string, Value>;

/** `check`'s verdict for one item (synchronous). `true`/`false` are shorthands. */
export type CheckVerdict = boolean | { ok: true } | { ok: false; issues: readonly FlowIssue[] };

/** `review`'s verdict for one item. `unresolved`: the reviewer could not decide. */
export type ReviewVerdict = {
  id: string;
  status: 'approved' | 'rejected' | 'unresolved';
  issues?: readonly FlowIssue[];
};

/** `fallback`'s answer for an item still failing after the last round. */
export type FallbackResult<Value> = { handled: true; value: Value } | { handled: false };

/** How `review` is used: `off` skips it; `optional` tolerates an unavailable review; `required` blocks. */
export type ReviewPolicy = 'off' | 'optional' | 'required';

export type FlowStage = 'generate' | 'check' | 'review' | 'fallback';

/** One recorded step of an item's life. */
export type FlowCheck = {
  stage: FlowStage;
  round: number;
  status: 'passed' | 'failed' | 'unavailable' | 'not-run';
  issues: readonly FlowIssue[];
};

/** The flow's result for one item. */
export type FlowItemResult<Value> = {
  id: string;
  /** passed: checked (and reviewed); fallback: replaced by `fallback`; failed; not-run: never generated. */
  status: 'passed' | 'fallback' | 'failed' | 'not-run';
  value: Value | undefined;
  checks: readonly FlowCheck[];
  /** The issues that still stand (empty when passed). */
  issues: readonly FlowIssue[];
};

/** What `observe` sees after each stage. */
export type FlowObservation<Value> = {
  stage: FlowStage;
  round: number;
  results: readonly { id: string; status: FlowCheck['status']; value?: Value; issues: readonly FlowIssue[] }[];
};

export type FlowContext<App> = { app: App; round: number; signal: AbortSignal };

export type AnswerFlowDefinition<Data, Value, App> = {
  /** Most items per `generate` call (a positive integer). */
  maxItems: number;
  /** Repair rounds after the first (a non-negative integer): at most `maxRepairs + 1` rounds. */
  maxRepairs: number;
  /** Default `optional`. */
  reviewPolicy?: ReviewPolicy;
  /** Asked synchronously before every `generate` call; `false` stops all further calls. */
  canInvoke(context: FlowContext<App> & { items: readonly FlowItem<Data>[] }): boolean;
  generate(request: GenerateRequest<Data, Value, App>): Promise<GenerateResult<Value>>;
  /** Synchronous per-item check. */
  check(item: FlowItem<Data> & { value: Value }, context: FlowContext<App>): CheckVerdict;
  /** Batch review of the items that passed `check`; must return a verdict for every one. */
  review?(
    items: readonly (FlowItem<Data> & { value: Value })[],
    context: FlowContext<App>,
  ): Promise<readonly ReviewVerdict[]>;
  /** Runs for items still failing after the last round. */
  fallback(
    item: FlowItem<Data> & { value: Value | undefined; issues: readonly FlowIssue[] },
    context: FlowContext<App>,
  ): FallbackResult<Value> | Promise<FallbackResult<Value>>;
  /** Sees each stage's results; its failures never change the flow's result. */
  observe?(observation: FlowObservation<Value>): void | Promise<void>;
};

export type FlowLogger = { warn(message: string, detail?: unknown): void };

export type AnswerFlowRunOptions<App> = {
  app: App;
  signal?: AbortSignal;
  logger?: FlowLogger;
  /** Collects non-fatal diagnostics (an unavailable review, an observer failure). */
  diagnostics?: { push(diagnostic: FlowDiagnostic): unknown };
  /** Receives streamed patches that `generate` emits, with paths under `items.<id>`. */
  sink?: (events: readonly StreamingData[]) => void;
};

export type FlowDiagnostic = { code: 'review_unavailable' | 'observer_failed'; round: number; message: string };

export type AnswerFlowInput<Data> = {
  /** The ids to answer, in order. */
  inputIds: readonly string[];
  /** The data of each id. */
  items: Readonly<Record<string, Data>> | ReadonlyMap<string, Data>;
};

export type AnswerFlow<Data, Value, App> = {
  readonly definition: AnswerFlowDefinition<Data, Value, App>;
  run(input: AnswerFlowInput<Data>, options: AnswerFlowRunOptions<App>): Promise<FlowItemResult<Value>[]>;
};

import type { FieldstreamError } from '../errors/errors';
import type { ResponseStatus } from '../response/response-events';
import type { FormatName } from '../schema/select-format';
import type { FieldRecord } from './field-record';
import { NO_TOOL_CALLS, type ToolCalls } from './tool-calls-state';

/**
 * The latest retry of a response, as its events describe it: made by `status: 'retrying'` (or by
 * the `attempt` event of a retry, when the source sends no such status), completed by that
 * `attempt` event, and kept after the retry (a later retry replaces it). One object per change:
 * snapshots that do not change it share it.
 */
export type RetryState = {
  /** The attempt the retry runs (1 for the first retry). */
  readonly attempt: number;
  /**
   * Why, as a code: `validation_failed`, `ensure_failed`, `parse_failed`, `request_failed`, …
   * `undefined` until the source says (a response says it with the retry's `attempt` event, so
   * not yet while it waits out a backoff).
   */
  readonly reason: string | undefined;
  /**
   * The failure in words (a validator's reason, the request error's message) when the source's
   * events carry it (an optional `message` on `status: 'retrying'` or on the `attempt` event).
   */
  readonly message: string | undefined;
  /** How long the response waits before the retried attempt starts (`retryDelayMs`; 0 when not said). */
  readonly delayMs: number;
  /** The retried attempt's format, once its `attempt` event says (a parse failure may switch it to `json`). */
  readonly format: FormatName | undefined;
  /**
   * With `field_rejected`: the path of the field whose rejection caused the retry (the failed
   * attempt's field reads `rejected` until the retry rewrites it). Decision 0022.
   */
  readonly path: string | undefined;
};

/**
 * A field store's snapshot. Every update makes a new snapshot; untouched parts keep identity, and
 * nothing a snapshot holds ever changes. `fields` is a getter that builds its map on first read
 * (an object spread of a snapshot does not copy it).
 */
export type FieldStoreState<Data = unknown> = {
  /**
   * Where the response stands. `retrying` lasts from the response's `status: 'retrying'` until the
   * retried attempt's first patch (or its final data, error, abort or next status other than
   * `streaming`), so a UI that renders once per frame still shows it; `attempt` advances meanwhile.
   */
  readonly status: ResponseStatus;
  /** The current attempt (0 first). */
  readonly attempt: number;
  /** Reasoning text of the current attempt (`$reasoning` patches). */
  readonly reasoning: string;
  /** Set with `status: 'error'`. */
  readonly error: FieldstreamError | undefined;
  /** The validated final data; `undefined` until it arrives (see `hasFinal`). */
  readonly final: Data | undefined;
  readonly hasFinal: boolean;
  /** The tree on screen: the streamed tree, replaced by the final data when it arrives. */
  readonly data: unknown;
  /** The streamed tree as it stood when the final data replaced it (reconciliation compares them). */
  readonly streamed: unknown;
  /**
   * The record of every streamed path, keyed by canonical path (`formatPath`), in the order the
   * paths first streamed. Read a path's state with `getField` or `selectField`, which derive it
   * from the record and the trees.
   */
  readonly fields: ReadonlyMap<string, FieldRecord>;
  /** The latest retry (`undefined` before the first): its attempt, reason, message and delay. */
  readonly retry: RetryState | undefined;
  /** The current attempt's tool calls as they stream (`$tools` patches; `selectToolCalls(state)` lists them). */
  readonly toolCalls: ToolCalls;
  /**
   * Set while a resumable patch stream's connection is down and being reopened (the gap a UI
   * should show); `undefined` while connected. `status` keeps what the response was doing.
   */
  readonly reconnecting: ReconnectState | undefined;
};

/** A dropped connection being reopened: reconnection number `retry` (1 first), after `delayMs`. */
export type ReconnectState = { readonly retry: number; readonly delayMs: number };

/** `done`, `error` and `aborted` end a response: the store applies nothing after them. */
export function isTerminalStatus(status: ResponseStatus): boolean {
  return status === 'done' || status === 'error' || status === 'aborted';
}

export function initialFieldStoreState<Data>(): FieldStoreState<Data> {
  return {
    status: 'idle',
    attempt: 0,
    reasoning: '',
    error: undefined,
    final: undefined,
    hasFinal: false,
    data: undefined,
    streamed: undefined,
    fields: new Map(),
    retry: undefined,
    toolCalls: NO_TOOL_CALLS,
    reconnecting: undefined,
  };
}

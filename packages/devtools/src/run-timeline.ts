import { parsePath } from '@fieldstream/core';
import type { RecordedMessage } from '@fieldstream/core/recording';
import { displayValue, shorten, valueAt } from './display-value';
import { addStep, type FieldHistory, type FieldPhaseName } from './field-history';
import { type ToolCallDraft, ToolCalls } from './tool-calls';

type WireEvent = RecordedMessage['events'][number];
type WirePatch = Extract<WireEvent, { k?: 'p' }>;

/** What a timeline row is about. */
export type TimelineKind =
  | 'attempt'
  | 'field'
  | 'check'
  | 'retry'
  | 'tool'
  | 'status'
  | 'final'
  | 'error'
  | 'meta'
  | 'connection';

/** One row of a run's timeline. Its text holds model output: set it as `textContent` only. */
export type TimelineEntry = {
  readonly at: number;
  readonly attempt: number;
  readonly kind: TimelineKind;
  readonly text: string;
};

/** The most rows a timeline keeps; later ones are counted (a field's own steps are in the inspector). */
export const MAX_ENTRIES = 5_000;

/**
 * A run read from its recording's messages, one message at a time (work proportional to the
 * message): the timeline's rows, each path's history and the figures. It reads the wire events
 * as a patch stream's reader does (docs/patch-contract.md §6) but keeps each path's history
 * instead of a tree: a finished container is named, not rebuilt.
 */
export class RunTimeline {
  readonly entries: TimelineEntry[] = [];
  /** Rows past {@link MAX_ENTRIES}, counted only. */
  droppedEntries = 0;
  /** Every path in the order it first streamed (a `Map`: a `__proto__` path is an ordinary key). */
  readonly fields = new Map<string, FieldHistory>();
  /** Characters of answer text streamed (deltas outside the `$` channels). */
  characters = 0;
  patches = 0;
  firstPatchAt: number | undefined;
  lastAt = 0;
  readonly #tools = new ToolCalls();
  #attempt = 0;
  #path = '';
  /** When the reading side's connection dropped, while it is being reopened. */
  #gapFrom: number | undefined;

  /** Reads one recorded message. */
  take(message: RecordedMessage): void {
    this.lastAt = message.at;
    for (const event of message.events) this.#event(message.at, event);
  }

  #event(at: number, event: WireEvent): void {
    if (event.k === 'o') {
      this.#observation(at, event.o);
      return;
    }
    if (event.k === 'm') {
      this.#add(at, 'meta', `meta ${displayValue(event.m)}`);
      return;
    }
    this.#attempt = event.n ?? this.#attempt;
    if (event.k === undefined || event.k === 'p') this.#patch(at, event);
    else if (event.k === 'a') this.#attemptStarts(at, event.f, event.why);
    else if (event.k === 's') this.#status(at, event);
    else if (event.k === 'f') this.#final(at, event.r === 1, event.v);
    else if (event.k === 'e')
      this.#add(at, 'error', `${event.err.name} ${event.err.code}: ${shorten(event.err.message)}`);
    else if (event.k === 'x') this.#add(at, 'status', 'aborted');
    else if (event.k === 'c') this.#connection(at, event);
  }

  /** A resumable stream's reconnection (the reader's own, which a recording keeps): the gap it opens and closes. */
  #connection(at: number, event: Extract<WireEvent, { k: 'c' }>): void {
    if (event.s === 'reconnecting') {
      this.#gapFrom ??= at;
      const resume = typeof event.id === 'string' ? ` (Last-Event-ID ${shorten(event.id)})` : '';
      this.#add(at, 'connection', `reconnecting: retry ${event.r} in ${event.ms} ms${resume}`);
      return;
    }
    const gap = at - (this.#gapFrom ?? at);
    this.#gapFrom = undefined;
    this.#add(at, 'connection', `open again after retry ${event.r}: a ${gap} ms gap`);
  }

  #attemptStarts(at: number, format: string, why: string | undefined): void {
    if (this.#attempt > 0) this.#markStale(at, this.#attempt);
    this.#add(at, 'attempt', `attempt ${this.#attempt} (${format})${why === undefined ? '' : `: ${why}`}`);
  }

  #status(at: number, event: Extract<WireEvent, { k: 's' }>): void {
    if (event.s !== 'retrying') {
      this.#add(at, 'status', `status ${event.s}`);
      return;
    }
    if (event.fp !== undefined) this.#reject(at, event.fp, event.msg ?? event.why ?? 'rejected');
    const message = event.msg === undefined ? '' : ` (${shorten(event.msg)})`;
    this.#add(at, 'retry', `retry in ${event.ms ?? 0} ms: ${event.why ?? 'no reason'}${message}`);
  }

  #patch(at: number, wire: WirePatch): void {
    const path = wire.p === undefined ? this.#path : absolutePath(this.#path, wire.p);
    this.#path = path;
    const attempt = this.#attempt;
    const delta = wire.d ?? '';
    this.patches += 1;
    this.firstPatchAt ??= at;
    if (!path.startsWith('$')) this.characters += delta.length;
    let field = this.fields.get(path);
    if (field === undefined || field.attempt !== attempt) {
      field ??= {
        path,
        phase: 'open',
        attempt,
        value: undefined,
        spelled: '',
        openedAt: at,
        doneAt: undefined,
        steps: [],
        dropped: 0,
        phases: [],
      };
      Object.assign(field, { attempt, value: undefined, spelled: '', openedAt: at, doneAt: undefined });
      this.fields.set(path, field);
      addStep(field, { at, attempt, phase: 'open', delta: '', value: '' });
      if (path !== '' && !path.startsWith('$tools')) this.#add(at, 'field', `${path} open`);
    }
    field.spelled += delta;
    field.value = patchValue(wire, field, delta);
    const done = wire.e === 1;
    const phase: FieldPhaseName = done ? 'done' : 'streaming';
    const note = done ? (wire.c === undefined ? 'observed_boundary' : wire.c || undefined) : undefined;
    const shown = wire.r === 1 ? '(the streamed container)' : displayValue(field.value);
    addStep(field, {
      at,
      attempt,
      phase,
      delta: shorten(delta),
      value: shown,
      ...(note === undefined ? {} : { note }),
    });
    if (!done) return;
    field.doneAt = at;
    const call: ToolCallDraft | undefined = this.#tools.done(path, field.value);
    if (call !== undefined) this.#add(at, 'tool', call.text);
    else if (path !== '' && !path.startsWith('$tools')) this.#add(at, 'field', `${path} done: ${shown}`);
  }

  #observation(at: number, observation: Record<string, unknown>): void {
    const type = textOf(observation, 'type');
    if (type === 'model.validation_failed') {
      const path = textOf(observation, 'path');
      const name = textOf(observation, 'validator_name');
      const where = [textOf(observation, 'stage') ?? 'check', name, path === name ? undefined : path];
      const reason = shorten(textOf(observation, 'validation_reason') ?? '');
      this.#add(at, 'check', `check ${where.filter((part) => part !== undefined).join(' ')}: rejected (${reason})`);
    } else if (type === 'model.field_checked') {
      // A rejection has its row from `model.validation_failed`, with the stage: a pass is shown here.
      if (observation.ok !== true) return;
      const name = textOf(observation, 'validator_name') ?? '';
      const path = textOf(observation, 'path');
      this.#add(at, 'check', `check field ${name}${path === undefined || path === name ? '' : ` ${path}`}: passed`);
    } else if (type === 'model.validation_error') {
      this.#add(at, 'check', `check ${textOf(observation, 'validator_name') ?? ''}: threw`);
    } else if (type === 'model.done') {
      const validated = Object.hasOwn(observation, 'validated') && observation.validated === true;
      this.#add(at, 'check', validated ? 'checks passed' : 'settled without passing its checks');
    }
  }

  #final(at: number, readerTree: boolean, data: unknown): void {
    const counts: Record<'confirmed' | 'changed' | 'removed', number> = { confirmed: 0, changed: 0, removed: 0 };
    for (const field of this.fields.values()) {
      if (field.path.startsWith('$')) continue;
      const phase = readerTree && field.attempt === this.#attempt ? 'confirmed' : reconcile(field, data);
      counts[phase] += 1;
      addStep(field, { at, attempt: this.#attempt, phase, delta: '', value: displayValue(field.value) });
    }
    const total = `${counts.confirmed} confirmed, ${counts.changed} changed, ${counts.removed} removed`;
    this.#add(at, 'final', `final data: ${total}`);
  }

  #markStale(at: number, attempt: number): void {
    for (const field of this.fields.values()) {
      if (field.attempt < attempt && field.phase !== 'stale' && field.phase !== 'rejected')
        addStep(field, { at, attempt: field.attempt, phase: 'stale', delta: '', value: displayValue(field.value) });
    }
  }

  #reject(at: number, path: string, reason: string): void {
    const field = this.fields.get(path);
    if (field === undefined) return;
    const value = displayValue(field.value);
    addStep(field, { at, attempt: field.attempt, phase: 'rejected', delta: '', value, note: shorten(reason) });
    this.#add(at, 'check', `${path} rejected: ${shorten(reason)}`);
  }

  #add(at: number, kind: TimelineKind, text: string): void {
    if (this.entries.length >= MAX_ENTRIES) this.droppedEntries += 1;
    else this.entries.push({ at, attempt: this.#attempt, kind, text });
  }
}

/** The value the reader holds after a patch (docs/patch-contract.md §6: what each wire flag means). */
function patchValue(wire: WirePatch, field: FieldHistory, delta: string): unknown {
  if (Object.hasOwn(wire, 'v')) return wire.v;
  if (wire.u === 1 || wire.r === 1) return undefined;
  if (wire.j === 1) {
    try {
      return JSON.parse(field.spelled) as unknown;
    } catch {
      return field.spelled;
    }
  }
  return (typeof field.value === 'string' ? field.value : '') + delta;
}

/** How the final data settled a field the final attempt did not stream as it is. */
function reconcile(field: FieldHistory, data: unknown): 'confirmed' | 'changed' | 'removed' {
  let final: unknown;
  try {
    final = valueAt(data, parsePath(field.path));
  } catch {
    return 'removed';
  }
  if (final === undefined) return 'removed';
  if (field.value === undefined && typeof final === 'object') return 'confirmed';
  return Object.is(final, field.value) ? 'confirmed' : 'changed';
}

/** `28:email`: the previous path's first 28 characters, then `email` (the wire's relative path). */
function absolutePath(previous: string, wire: string): string {
  const match = /^(\d+):/.exec(wire);
  if (match === null) return wire;
  return previous.slice(0, Number(match[1])) + wire.slice(match[0].length);
}

function textOf(record: Record<string, unknown>, key: string): string | undefined {
  const value = Object.hasOwn(record, key) ? record[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

// The start, abort and restart rules every binding's useResponse adapts to its life cycle.
import type { ResponseSource } from '@fieldstream/core';
import {
  createResponseController,
  type ResponseControllerSettings,
  type ResponseRun,
  type TicketStorage,
} from '@fieldstream/core/bindings';
import { describe, expect, it } from 'vitest';

const TICKET = { id: 'answer-1', token: 'token-1' };

/** A controller over a source that records each start's signal and arguments, with its own ticket storage. */
function controlled(options: ResponseControllerSettings['options'] = {}) {
  const starts: { signal: AbortSignal; args: unknown[] }[] = [];
  const runs: ResponseRun<unknown>[] = [];
  const source: ResponseSource = { subscribe: () => () => {}, subscribeChunks: () => () => {} };
  const settings: ResponseControllerSettings = {
    start: (signal: AbortSignal, ...args: unknown[]) => {
      starts.push({ signal, args });
      return source;
    },
    options,
  };
  const controller = createResponseController<unknown>(
    () => settings,
    (run) => runs.push(run),
  );
  return { controller, settings, starts, runs };
}

function memoryStorage(kept?: object): TicketStorage & { items: Map<string, string> } {
  const items = new Map<string, string>(kept === undefined ? [] : [['ticket', JSON.stringify(kept)]]);
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** A start's options with the resume handler shown by its kind (a new function each start). */
function withHandlerKinds(options: unknown): unknown {
  const { resume, ...rest } = options as { resume?: { onAnswer?: unknown } };
  return resume === undefined ? rest : { ...rest, resume: { ...resume, onAnswer: typeof resume.onAnswer } };
}

describe('createResponseController', () => {
  it('starts with the arguments after the signal, one response at a time, and aborts it', () => {
    const { controller, starts, runs } = controlled();
    const store = controller.start(['question']);
    expect(starts.map((start) => start.args)).toEqual([['question']]);
    expect(runs.map((run) => run.store)).toEqual([store]);
    controller.start(['again']);
    expect(starts.map((start) => start.signal.aborted)).toEqual([true, false]);
    controller.abort();
    expect(starts.map((start) => start.signal.aborted)).toEqual([true, true]);
  });

  it('reads its settings at each start', () => {
    const { controller, settings, starts } = controlled();
    controller.start([]);
    settings.start = (signal: AbortSignal) => {
      starts.push({ signal, args: ['latest'] });
      return { subscribe: () => () => {}, subscribeChunks: () => () => {} };
    };
    controller.start([]);
    expect(starts.map((start) => start.args)).toEqual([[], ['latest']]);
  });

  it('follows the start key: a defined key starts, `undefined` starts nothing, leaving aborts', () => {
    const { controller, starts } = controlled();
    controller.follow(undefined, true);
    expect(starts).toEqual([]);
    controller.follow('first', true);
    controller.leave();
    controller.follow('second', false);
    expect(starts.map((start) => [start.args, start.signal.aborted])).toEqual([
      [[], true],
      [[], false],
    ]);
  });

  it('attaches to a kept ticket on a mount, and keeps it when the component leaves', () => {
    const storage = memoryStorage(TICKET);
    const { controller, starts } = controlled({ resume: { key: 'ticket', storage } });
    controller.follow(undefined, true);
    expect(starts.map((start) => withHandlerKinds(start.args[0]))).toEqual([
      { answer: TICKET, resume: { onAnswer: 'function' } },
    ]);
    controller.leave();
    expect(storage.items.get('ticket')).toBe(JSON.stringify(TICKET));
  });

  it('drops the kept ticket when a new key starts afresh or a key goes', () => {
    const restarted = memoryStorage(TICKET);
    const keyed = controlled({ resume: { key: 'ticket', storage: restarted } });
    keyed.controller.follow('next', false);
    expect(keyed.starts.map((start) => withHandlerKinds(start.args[0]))).toEqual([
      { resume: { onAnswer: 'function' } },
    ]);
    expect(restarted.items.has('ticket')).toBe(false);

    const unkeyed = memoryStorage(TICKET);
    const idle = controlled({ resume: { key: 'ticket', storage: unkeyed } });
    idle.controller.follow(undefined, false);
    expect(idle.starts).toEqual([]);
    expect(unkeyed.items.has('ticket')).toBe(false);
  });
});

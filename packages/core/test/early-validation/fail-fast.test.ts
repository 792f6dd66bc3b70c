import {
  createFieldStore,
  createResponse,
  defineOutput,
  type Model,
  type ObservationEvent,
  type ResponseEvent,
  ValidationError,
} from '@fieldstream/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { chunks, scripted } from '../response/model-helpers';

const contact = defineOutput({
  name: ['string', 'the name', 'not_null'],
  priority: [['low', 'high'], 'priority'],
  age: ['integer'],
  notes: ['string', 'long notes'],
});
const goodAnswer = '{"name": "Ada", "priority": "high", "age": 36, "notes": "fine"}';
const longNotes = 'x'.repeat(2000);

/** A model that plays `turns[n]` on its n-th call, waiting a timer turn between chunks as a network does. */
function slowModel(...turns: string[][]): Model & { signals: AbortSignal[]; prompts: string[] } {
  const signals: AbortSignal[] = [];
  const prompts: string[] = [];
  const model: Model = async function* (request, { signal }) {
    signals.push(signal);
    prompts.push(request.prompt);
    for (const delta of turns[request.attempt] ?? []) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      yield { type: 'text', delta };
    }
  };
  return Object.assign(model, { signals, prompts });
}

function statusLine(events: ResponseEvent[]): string[] {
  return events.map((event) =>
    event.type === 'status'
      ? `${event.attempt}:status:${event.status}${event.path === undefined ? '' : `:${event.path}`}`
      : `${event.attempt}:${event.type}`,
  );
}

// The checks load on demand beside a response's first request; loaded here first, so that every
// response of this file judges its first chunk (in a page the module arrives within milliseconds).
beforeAll(() => import('../../src/response/field-checks'));

describe('fail fast on a field that closes broken', () => {
  it('stops the attempt at the enum field, retries with a correction naming the field, path and reason', async () => {
    const bad = `{"name": "Ada", "priority": "urgent", "age": 36, "notes": "${longNotes}"}`;
    const model = scripted(chunks(bad, 5), chunks(goodAnswer, 5));
    const response = createResponse({ model, input: 'x', output: contact, format: 'json', maxRetries: 1 });
    const events: ResponseEvent[] = [];
    response.subscribe((event) => events.push(event));
    await expect(response.getData()).resolves.toEqual({ name: 'Ada', priority: 'high', age: 36, notes: 'fine' });
    // The first attempt's stream was stopped right after the field closed.
    expect(model.signals[0]?.aborted).toBe(true);
    // It streamed up to the chunk that closed the field, and not one chunk more.
    const streamed = events.map((e) => (e.type === 'text' && e.attempt === 0 ? e.delta : '')).join('');
    const closes = bad.indexOf('"urgent"') + '"urgent"'.length;
    expect(streamed).toBe(bad.slice(0, Math.ceil(closes / 5) * 5));
    expect(statusLine(events.filter((e) => e.type === 'status'))).toEqual([
      '0:status:streaming',
      '0:status:retrying:priority',
      '1:status:streaming',
      '1:status:validating',
      '1:status:done',
    ]);
    const retrying = events.find((e) => e.type === 'status' && e.status === 'retrying');
    expect(retrying).toMatchObject({ reason: 'field_rejected', message: 'must be one of "low", "high", got "urgent"' });
    const prompt = model.requests[1]?.prompt ?? '';
    expect(prompt).toContain('[OUTPUT CORRECTION]');
    expect(prompt).toContain(
      'the field "priority" (path priority) was rejected: must be one of "low", "high", got "urgent"',
    );
    const observed = response.events.filter(
      (e): e is Extract<ObservationEvent, { type: 'model.validation_failed' | 'model.retrying' }> =>
        e.type === 'model.validation_failed' || e.type === 'model.retrying',
    );
    expect(observed.map((e) => [e.type, e.path])).toEqual([
      ['model.validation_failed', 'priority'],
      ['model.retrying', 'priority'],
    ]);
    expect(observed[0]).toMatchObject({ stage: 'field', validator_name: 'schema' });
  });

  it('rejects a not_null field the moment it closes blank', async () => {
    const bad = `{"name": "  ", "priority": "low", "age": 1, "notes": "${longNotes}"}`;
    const model = scripted(chunks(bad, 4), chunks(goodAnswer, 4));
    const response = createResponse({ model, input: 'x', output: contact, format: 'json', maxRetries: 2 });
    await response.getData();
    expect(model.requests[1]?.prompt).toContain('(path name) was rejected: name is blank');
    expect(response.events.find((e) => e.type === 'model.validation_failed')).toMatchObject({
      stage: 'field',
      validator_name: 'ensure',
      path: 'name',
    });
  });

  it('with no retry left the answer streams to its end, and raiseEnsureFailure: false resolves with every field', async () => {
    const bad = `{"name": "Ada", "priority": "urgent", "age": 36, "notes": "${longNotes}"}`;
    const model = scripted(chunks(bad, 50));
    const response = createResponse({ model, input: 'x', output: contact, maxRetries: 0, raiseEnsureFailure: false });
    await expect(response.getData()).resolves.toEqual({ name: 'Ada', priority: 'urgent', age: 36, notes: longNotes });
    expect(model.signals[0]?.aborted).toBe(false);
  });

  it('the same rule rejects at the end when the budget is spent (a ValidationError naming the path)', async () => {
    const bad = '{"name": "Ada", "priority": "high", "age": 3.5, "notes": ""}';
    const response = createResponse({ model: scripted([bad]), input: 'x', output: contact, maxRetries: 0 });
    const error = await response.getData().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      'Validator schema rejected the output: age: must be an integer, got 3.5',
    );
  });

  it('earlyValidation: false streams the whole answer, then retries', async () => {
    const bad = `{"name": "Ada", "priority": "urgent", "age": 36, "notes": "${longNotes}"}`;
    const model = scripted(chunks(bad, 50), [goodAnswer]);
    const response = createResponse({ model, input: 'x', output: contact, maxRetries: 1, earlyValidation: false });
    await response.getData();
    expect(model.signals[0]?.aborted).toBe(false);
    expect(response.events.find((e) => e.type === 'model.retrying')).toMatchObject({
      path: 'priority',
      retry_reason: 'field_rejected',
    });
  });

  it('a zod field rule (email) is judged through its own sub-schema', async () => {
    const schema = z.object({ email: z.string().email(), bio: z.string() });
    const bad = `{"email": "not-an-email", "bio": "${longNotes}"}`;
    const good = '{"email": "ada@example.com", "bio": "hi"}';
    const model = scripted(chunks(bad, 6), [good]);
    const response = createResponse({ model, input: 'x', output: schema, format: 'json', maxRetries: 1 });
    await expect(response.getData()).resolves.toEqual({ email: 'ada@example.com', bio: 'hi' });
    expect(model.signals[0]?.aborted).toBe(true);
    expect(response.events.find((e) => e.type === 'model.retrying')).toMatchObject({
      path: 'email',
      validation_reason: 'Invalid email address',
    });
  });

  it('validateField with a wildcard path, async, rejects an item as it closes', async () => {
    const list = defineOutput({ items: [{ email: ['string'], note: ['string'] }] });
    const bad = `{"items": [{"email": "a@x.io", "note": "ok"}, {"email": "nope", "note": "${longNotes}"}]}`;
    const good = '{"items": [{"email": "a@x.io", "note": "ok"}]}';
    const seen: string[] = [];
    // A model that waits between chunks, as a network does: the async verdict arrives mid-stream.
    const model = slowModel(chunks(bad, 7), [good]);
    const response = createResponse({
      model,
      input: 'x',
      output: list,
      format: 'json',
      maxRetries: 1,
      validateField: {
        'items[*].email': async (value, context) => {
          seen.push(`${context.attemptIndex}:${context.path}`);
          return String(value).includes('@') || { ok: false, reason: 'needs an @' };
        },
      },
    });
    await expect(response.getData()).resolves.toEqual({ items: [{ email: 'a@x.io', note: 'ok' }] });
    expect(model.signals[0]?.aborted).toBe(true);
    // The accepted attempt's field was judged once as it closed; its verdict was reused at the end.
    expect(seen).toEqual(['0:items[0].email', '0:items[1].email', '1:items[0].email']);
    expect(model.prompts[1]).toContain('the field "email" (path items[1].email) was rejected: needs an @');
  });

  it('an async verdict on the last field, given after the stream ended, still stops the attempt before validation', async () => {
    const triage = defineOutput({ severity: [['low', 'high'], 'how bad'], note: ['string'] });
    const verdicts: { value: unknown; resolve: (verdict: boolean | { ok: false; reason: string }) => void }[] = [];
    const model = scripted(chunks('{"severity": "low", "note": "far too long"}', 6), [
      '{"severity": "low", "note": "ok"}',
    ]);
    const response = createResponse({
      model,
      input: 'x',
      output: triage,
      format: 'json',
      maxRetries: 1,
      validateField: {
        // As a Worker's check is: asked of another thread, answered whenever it answers.
        note: (value) => new Promise((resolve) => verdicts.push({ value, resolve })),
      },
    });
    const events: ResponseEvent[] = [];
    response.subscribe((event) => events.push(event));
    const data = response.getData();
    await vi.waitFor(() => expect(verdicts).toHaveLength(1));
    // The model's stream has ended; the attempt waits for the verdict instead of validating.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(statusLine(events).filter((line) => line.includes('status'))).toEqual(['0:status:streaming']);
    verdicts[0]?.resolve({ ok: false, reason: 'too long' });
    await vi.waitFor(() => expect(verdicts).toHaveLength(2));
    verdicts[1]?.resolve(true);
    await expect(data).resolves.toEqual({ severity: 'low', note: 'ok' });
    expect(statusLine(events).filter((line) => line.includes('status'))).toEqual([
      '0:status:streaming',
      '0:status:retrying:note',
      '1:status:streaming',
      '1:status:validating',
      '1:status:done',
    ]);
    expect(response.events.find((event) => event.type === 'model.validation_failed')).toMatchObject({
      stage: 'field',
      path: 'note',
      validation_reason: 'too long',
    });
  });

  it('abort while the attempt waits for a field verdict ends the response as aborted', async () => {
    const triage = defineOutput({ note: ['string'] });
    let asked = 0;
    const response = createResponse({
      model: scripted(['{"note": "a"}']),
      input: 'x',
      output: triage,
      format: 'json',
      maxRetries: 1,
      validateField: {
        note: () => {
          asked++;
          return new Promise<boolean>(() => {});
        },
      },
    });
    const events: ResponseEvent[] = [];
    response.subscribe((event) => events.push(event));
    const data = response.getData();
    await vi.waitFor(() => expect(asked).toBe(1));
    response.abort();
    await expect(data).rejects.toMatchObject({ code: 'ABORTED' });
    expect(statusLine(events).filter((line) => line.includes('status'))).toEqual([
      '0:status:streaming',
      '0:status:aborted',
    ]);
  });

  it('a json answer with prose before its block is judged at the end only (a draft may follow)', async () => {
    const bad = `Draft:\n{"name": "Ada", "priority": "urgent", "age": 1, "notes": "a"}\nFinal:\n${goodAnswer}`;
    const model = scripted(chunks(bad, 5));
    const response = createResponse({ model, input: 'x', output: contact, format: 'json', maxRetries: 2 });
    await expect(response.getData()).resolves.toMatchObject({ priority: 'high' });
    expect(model.requests).toHaveLength(1);
  });

  it("a plain zod leaf judged by its type still reports zod's own message", async () => {
    const schema = z.object({ count: z.number(), bio: z.string() });
    const bad = `{"count": "three", "bio": "${longNotes}"}`;
    const model = scripted(chunks(bad, 6), ['{"count": 3, "bio": "hi"}']);
    const response = createResponse({ model, input: 'x', output: schema, format: 'json', maxRetries: 1 });
    await expect(response.getData()).resolves.toEqual({ count: 3, bio: 'hi' });
    expect(response.events.find((e) => e.type === 'model.retrying')).toMatchObject({
      path: 'count',
      validation_reason: 'Invalid input: expected number, received string',
    });
  });

  it('a zod field under a transformed parent is left to the whole schema at the end (no early check)', async () => {
    const schema = z.object({
      contact: z.object({ email: z.string().email() }).transform((contact) => contact.email),
      bio: z.string(),
    });
    const bad = `{"contact": {"email": "nope"}, "bio": "${longNotes}"}`;
    const model = scripted(chunks(bad, 50), ['{"contact": {"email": "a@b.io"}, "bio": "hi"}']);
    const response = createResponse({ model, input: 'x', output: schema, format: 'json', maxRetries: 1 });
    await response.getData();
    expect(model.signals[0]?.aborted).toBe(false);
    expect(response.events.find((e) => e.type === 'model.retrying')).toMatchObject({
      retry_reason: 'validation_failed',
    });
  });

  it('the store shows the rejected field and the retry record until the retry rewrites it', async () => {
    const bad = `{"name": "Ada", "priority": "urgent", "age": 36, "notes": "${longNotes}"}`;
    const model = scripted(chunks(bad, 5), chunks(goodAnswer, 5));
    const response = createResponse({ model, input: 'x', output: contact, format: 'json', maxRetries: 1 });
    const store = createFieldStore(response);
    const seen: unknown[] = [];
    store.subscribe((state) => {
      const field = store.getField('priority');
      if (state.status === 'retrying' && seen.length === 0)
        seen.push({
          retry: { reason: state.retry?.reason, path: state.retry?.path },
          field: [field.value, field.rejected],
        });
    });
    await response.getData();
    expect(seen).toEqual([
      {
        retry: { reason: 'field_rejected', path: 'priority' },
        field: ['urgent', 'must be one of "low", "high", got "urgent"'],
      },
    ]);
    expect(store.getField('priority').rejected).toBeUndefined();
    expect(store.getState().retry?.path).toBe('priority');
  });
});

describe('each field verdict in the observation log', () => {
  it('reports every field validator verdict once per value judged, passes and rejections alike', async () => {
    const triage = defineOutput({ severity: [['low', 'high'], 'how bad'], note: ['string'] });
    const response = createResponse({
      model: scripted(chunks('{"severity": "low", "note": "far too long"}', 6), ['{"severity": "low", "note": "ok"}']),
      input: 'x',
      output: triage,
      format: 'json',
      maxRetries: 1,
      validateField: {
        note: (value) => String(value).length < 5 || { ok: false, reason: 'too long' },
        severity: function knownSeverity(value) {
          return value === 'low' || value === 'high';
        },
      },
    });
    await expect(response.getData()).resolves.toEqual({ severity: 'low', note: 'ok' });
    expect(response.events.filter((event) => event.type === 'model.field_checked')).toEqual([
      { type: 'model.field_checked', attempt: 0, path: 'severity', validator_name: 'knownSeverity', ok: true },
      {
        type: 'model.field_checked',
        attempt: 0,
        path: 'note',
        validator_name: 'note',
        ok: false,
        reason: 'too long',
      },
      // The last attempt, with no retry left, is judged at its end, validator by validator.
      { type: 'model.field_checked', attempt: 1, path: 'note', validator_name: 'note', ok: true },
      { type: 'model.field_checked', attempt: 1, path: 'severity', validator_name: 'knownSeverity', ok: true },
    ]);
  });
});

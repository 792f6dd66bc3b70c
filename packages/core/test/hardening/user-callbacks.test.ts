import {
  AbortError,
  createResponse,
  defineOutput,
  FieldstreamError,
  type Model,
  type ObservationEvent,
  type ResponseStatus,
  type StreamedResponse,
  ValidationError,
  type Validator,
} from '@fieldstream/core';
import { createWorkerResponse } from '@fieldstream/core/worker';
import { beforeAll, describe, expect, it, type Mock, vi } from 'vitest';
import { z } from 'zod';
import { chunks, scripted } from '../response/model-helpers';
import { failOnUnhandledRejections } from '../support/unhandled-rejections';
import { thrownValues, UNREADABLE } from '../support/unreadable-values';

// Security issue 45: whatever a user's callback throws is contained. A value with no string form
// (a null-prototype object, a Symbol, an object whose message and toString throw) ends exactly as
// an ordinary Error would: a validator's throw is a model.validation_error and retries, a field
// validator's rejects the field and retries, a schema's is the schema stage's validation_error, a
// model's is a failed request. A promise that never settles is waited for until abort().

// The field checks load on demand; loaded here so that every response judges its fields as they
// close (test/hardening/first-response-checks.test.ts covers the first response of a process).
beforeAll(() => import('../../src/response/field-checks'));

// Nothing a callback throws may reach the process as an unhandled rejection (it ends a Node server).
failOnUnhandledRejections();

type Mode = 'throws' | 'rejects';
const cases = thrownValues().flatMap((thrown) =>
  (['throws', 'rejects'] as const).map((mode) => ({ ...thrown, mode, label: `${mode} ${thrown.name}` })),
);

/** A callback named `check` that throws (or rejects with) `value` on its first call, then passes. */
function failOnce(value: unknown, mode: Mode) {
  let calls = 0;
  return function check(): true | Promise<true> {
    calls++;
    if (calls > 1) return true;
    if (mode === 'rejects') return Promise.reject(value);
    throw value;
  };
}

/** A callback named `check` that always throws (or rejects with) `value`. */
function failAlways(value: unknown, mode: Mode) {
  return function check(): never | Promise<never> {
    if (mode === 'rejects') return Promise.reject(value);
    throw value;
  };
}

const ofType = <T extends ObservationEvent['type']>(events: readonly ObservationEvent[], type: T) =>
  events.filter((event): event is Extract<ObservationEvent, { type: T }> => event.type === type);

/** A promise that never settles. */
const never = () => new Promise<never>(() => {});

/**
 * Starts `response`, waits until `asked` (a callback that never settles) was called and the response
 * still waits for it with `status`, then aborts: the wait ends, the data rejects with an AbortError.
 */
async function abortWhileWaiting(response: StreamedResponse, asked: Mock, status: ResponseStatus): Promise<void> {
  const data = response.getData();
  await vi.waitFor(() => expect(asked).toHaveBeenCalledOnce());
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(response.status).toBe(status);
  response.abort();
  await expect(data).rejects.toBeInstanceOf(AbortError);
  expect(response.status).toBe('aborted');
}

describe('validate: a whole-data validator', () => {
  const output = defineOutput({ summary: ['string', 'one line'] });
  const answers = [['{"summary": "a"}'], ['{"summary": "b"}']];
  /** A response to the answers `a`, then `b`, checked by `validate`. */
  const respond = (validate: Validator<{ summary?: string | null }>, maxRetries = 3) => {
    const model = scripted(...answers);
    return { model, response: createResponse({ model, input: 'x', output, format: 'json', maxRetries, validate }) };
  };

  it.each(cases)(
    '$label: a model.validation_error, retried with the thrown value quoted',
    async ({ value, message, mode }) => {
      const { model, response } = respond(failOnce(value, mode));
      await expect(response.getData()).resolves.toEqual({ summary: 'b' });
      const [thrown, ...more] = ofType(response.events, 'model.validation_error');
      expect(more).toEqual([]);
      expect(thrown).toMatchObject({ attempt: 0, validator_name: 'check' });
      expect(thrown?.error).toBe(value);
      expect(ofType(response.events, 'model.retrying').map((event) => event.retry_reason)).toEqual([
        'validation_error',
      ]);
      expect(model.requests[1]?.prompt).toContain(`check threw: ${message}`);
    },
  );

  it.each(cases)(
    '$label every time: getData() rejects with a ValidationError caused by it',
    async ({ value, message, mode }) => {
      const { response } = respond(failAlways(value, mode), 1);
      const error = await response.getData().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({
        code: 'VALIDATION_FAILED',
        validatorName: 'check',
        message: `Validator check rejected the output: check threw: ${message}`,
        attempt: 1,
      });
      expect((error as Error).cause).toBe(value);
      expect(response.status).toBe('error');
    },
  );

  it('a verdict that throws when it is read (a Proxy) is a validator that threw', async () => {
    const verdict = new Proxy(
      {},
      {
        get: () => {
          throw Object.create(null);
        },
      },
    );
    const { response } = respond(function check() {
      return verdict as never;
    }, 0);
    await expect(response.getData()).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `Validator check rejected the output: check threw: ${UNREADABLE}`,
    });
  });

  it('a raised error whose message cannot be read is thrown at once, reported as VALIDATION_RAISED', async () => {
    const raised = Object.defineProperty(new Error('hidden'), 'message', {
      get() {
        throw Object.create(null);
      },
    });
    const { response } = respond(() => ({ ok: false, error: raised }));
    await expect(response.getData()).rejects.toBe(raised);
    const [failed] = ofType(response.events, 'model.failed');
    expect(failed?.error).toBe(raised);
    expect(ofType(response.events, 'model.retrying')).toEqual([]);
  });

  it('a promise that never settles: abort() ends the wait', async () => {
    const asked = vi.fn(never);
    const { response } = respond(asked);
    await abortWhileWaiting(response, asked, 'validating');
  });
});

describe('validateField: a field validator', () => {
  const output = defineOutput({ email: ['string', 'address'], note: ['string', 'details'] });
  const long = 'a note the model keeps writing '.repeat(20);
  const bad = `{"email": "x", "note": "${long}"}`;
  const good = '{"email": "ada@example.com", "note": "ok"}';

  it.each(cases)(
    '$label: the field is rejected as it closes and retried (field_rejected)',
    async ({ value, message, mode }) => {
      const model = scripted(chunks(bad, 8), [good]);
      const response = createResponse({
        model,
        input: 'x',
        output,
        format: 'json',
        validateField: { email: failOnce(value, mode) },
      });
      await expect(response.getData()).resolves.toEqual({ email: 'ada@example.com', note: 'ok' });
      const reason = `check threw: ${message}`;
      expect(ofType(response.events, 'model.validation_failed')).toEqual([
        expect.objectContaining({
          attempt: 0,
          stage: 'field',
          validator_name: 'check',
          path: 'email',
          validation_reason: reason,
        }),
      ]);
      expect(ofType(response.events, 'model.retrying')).toEqual([
        expect.objectContaining({ retry_reason: 'field_rejected', path: 'email', validation_reason: reason }),
      ]);
      // The attempt stopped at the field: its model was told to stop, the note never finished.
      expect(model.signals[0]?.aborted).toBe(true);
      expect(model.requests[1]?.prompt).toContain(`the field "email" (path email) was rejected: ${reason}`);
    },
  );

  it.each(cases)(
    '$label every time, no retry left: getData() rejects with a ValidationError naming the path',
    async ({ value, message, mode }) => {
      const response = createResponse({
        model: scripted(chunks(bad, 8)),
        input: 'x',
        output,
        format: 'json',
        maxRetries: 0,
        validateField: { email: failAlways(value, mode) },
      });
      const error = await response.getData().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({
        code: 'VALIDATION_FAILED',
        validatorName: 'check',
        message: `Validator check rejected the output: email: check threw: ${message}`,
        attempt: 0,
      });
    },
  );

  it('a promise that never settles: the end of the answer waits for it, and abort() ends the wait', async () => {
    const asked = vi.fn(never);
    let streamed = false;
    const model: Model = async function* () {
      yield { type: 'text', delta: good };
      streamed = true;
    };
    const response = createResponse({ model, input: 'x', output, format: 'json', validateField: { email: asked } });
    // Still `streaming` once the answer ended: waiting for the verdict, not validating yet.
    await abortWhileWaiting(response, asked, 'streaming');
    expect(streamed).toBe(true);
  });
});

describe('validateField in a Worker (asked of the main thread)', () => {
  it('a promise that never settles: the worker waits for the verdict, and abort() ends the wait', async () => {
    const asked = vi.fn(never);
    const response = createWorkerResponse({
      model: { provider: 'scriptedModel', answers: ['{"email": "ada@example.com", "note": "ok"}'] },
      input: 'x',
      output: defineOutput({ email: ['string', 'address'], note: ['string', 'details'] }),
      format: 'json',
      validateField: { email: asked },
      worker: false,
    });
    await abortWhileWaiting(response, asked, 'streaming');
  });
});

describe("a schema field rule: a Standard Schema's own rule for a field", () => {
  const long = 'a note the model keeps writing '.repeat(20);
  const answers = [chunks(`{"email": "bad", "note": "${long}"}`, 8), ['{"email": "ada@example.com", "note": "ok"}']];

  it.each(thrownValues())(
    'a refinement that throws $name: no early verdict; the schema stage reports it as a validation_error, retried',
    async ({ value, message }) => {
      const schema = z.object({
        email: z.string().refine((email) => {
          if (email === 'bad') throw value;
          return true;
        }),
        note: z.string(),
      });
      const model = scripted(...answers);
      const response = createResponse({ model, input: 'x', output: schema, format: 'json' });
      await expect(response.getData()).resolves.toEqual({ email: 'ada@example.com', note: 'ok' });
      // Judged at the end only: the first attempt streamed to its end.
      expect(model.signals[0]?.aborted).toBe(false);
      const [thrown] = ofType(response.events, 'model.validation_error');
      expect(thrown).toMatchObject({ attempt: 0, validator_name: 'schema' });
      expect(thrown?.error).toBe(value);
      expect(ofType(response.events, 'model.retrying').map((event) => event.retry_reason)).toEqual([
        'validation_error',
      ]);
      expect(model.requests[1]?.prompt).toContain(`schema threw: ${message}`);
    },
  );

  it.each(thrownValues())(
    'a field rule that throws $name synchronously: no early verdict, the whole schema decides at the end',
    async ({ value }) => {
      const email = z.string().min(1);
      const fieldRule = email['~standard'] as { validate: unknown };
      fieldRule.validate = () => {
        throw value;
      };
      const model = scripted(answers[0] as string[]);
      const response = createResponse({
        model,
        input: 'x',
        output: z.object({ email, note: z.string() }),
        format: 'json',
      });
      await expect(response.getData()).resolves.toEqual({ email: 'bad', note: long });
      expect(model.signals[0]?.aborted).toBe(false);
      expect(model.requests).toHaveLength(1);
    },
  );

  it('a field rule that never settles: the end of the answer waits for it, and abort() ends the wait', async () => {
    const email = z.string().min(1);
    const asked = vi.fn(never);
    (email['~standard'] as { validate: unknown }).validate = asked;
    const response = createResponse({
      model: scripted(answers[0] as string[]),
      input: 'x',
      output: z.object({ email, note: z.string() }),
      format: 'json',
    });
    await abortWhileWaiting(response, asked, 'streaming');
  });
});

describe('the model and the schema given to createResponse', () => {
  it.each(thrownValues())(
    'a model that throws $name: a failed request (MODEL_FAILED) caused by it',
    async ({ value, message }) => {
      const response = createResponse({ model: scripted([{ throw: value }]), input: 'x', format: 'json' });
      const error = await response.getData().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(FieldstreamError);
      expect(error).toMatchObject({ code: 'MODEL_FAILED', message: `The model failed: ${message}` });
      expect((error as Error).cause).toBe(value);
    },
  );

  it.each(thrownValues())(
    'an input whose toJSON throws $name: an ArgumentError of createResponse',
    ({ value, message }) => {
      const input = {
        toJSON() {
          throw value;
        },
      };
      expect(() => createResponse({ model: scripted([]), input })).toThrowError(
        expect.objectContaining({
          name: 'ArgumentError',
          code: 'RESPONSE_OPTIONS_INVALID',
          message: `createResponse options.input must be a JSON-serialisable value (${message}), got an object`,
        }),
      );
    },
  );

  it.each(thrownValues())(
    'a Standard Schema whose JSON Schema export throws $name: a SchemaError',
    ({ value, message }) => {
      const schema = {
        '~standard': {
          version: 1,
          vendor: 'custom',
          validate: (input: unknown) => ({ value: input }),
          jsonSchema: {
            input() {
              throw value;
            },
          },
        },
      };
      expect(() => defineOutput(schema as never)).toThrowError(
        expect.objectContaining({
          name: 'SchemaError',
          message: `Invalid output schema at (root): custom could not export JSON Schema: ${message}`,
        }),
      );
    },
  );

  it('an abort signal whose reason is an Error with an unreadable message aborts with that said', async () => {
    const controller = new AbortController();
    const response = createResponse({ model: scripted([]), input: 'x', signal: controller.signal });
    const data = response.getData();
    const reason = Object.defineProperty(new Error('hidden'), 'message', {
      get() {
        throw Object.create(null);
      },
    });
    controller.abort(reason);
    await expect(data).rejects.toMatchObject({ name: 'AbortError', message: UNREADABLE });
  });
});

import {
  createResponse,
  defineOutput,
  FieldstreamError,
  type ObservationEvent,
  type ValidationContext,
  ValidationError,
  type Validator,
} from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { scripted } from '../response/model-helpers';

const output = defineOutput({ summary: ['string', 'one line', 'not_null'] });
const answer = (summary: string) => [JSON.stringify({ summary })];
/** A model that answers `first`, `second`, … on successive attempts. */
const model = (...summaries: string[]) => scripted(...summaries.map(answer));

function respond(validate: Validator<{ summary: string }>[], summaries: string[], extra = {}) {
  const m = model(...summaries);
  const response = createResponse({ model: m, input: 'x', output, format: 'json', validate, ...extra });
  return { model: m, response };
}

const ofType = <T extends ObservationEvent['type']>(events: readonly ObservationEvent[], type: T) =>
  events.filter((event): event is Extract<ObservationEvent, { type: T }> => event.type === type);

describe('validator return values', () => {
  it('true passes', async () => {
    const { model: m, response } = respond([() => true], ['a']);
    expect(await response.getData()).toEqual({ summary: 'a' });
    expect(m.requests).toHaveLength(1);
  });

  it('undefined (a validator that only asserts by throwing) passes', async () => {
    const { response } = respond([() => undefined], ['a']);
    expect(await response.getData()).toEqual({ summary: 'a' });
  });

  it('{ ok: true } passes', async () => {
    const { response } = respond([() => ({ ok: true })], ['a']);
    expect(await response.getData()).toEqual({ summary: 'a' });
  });

  it('false fails and retries with a correction', async () => {
    const shortEnough = (data: { summary: string }) => data.summary.length < 5;
    const { model: m, response } = respond([shortEnough], ['far too long', 'ok']);
    expect(await response.getData()).toEqual({ summary: 'ok' });
    expect(m.requests).toHaveLength(2);
    expect(m.requests[1]?.prompt).toContain(
      '[OUTPUT CORRECTION]\nYour previous answer could not be accepted: the validator returned false',
    );
    expect(ofType(response.events, 'model.validation_failed')).toEqual([
      {
        type: 'model.validation_failed',
        attempt: 0,
        stage: 'validator',
        validator_name: 'shortEnough',
        validation_reason: 'the validator returned false',
        validation_payload: undefined,
      },
    ]);
    expect(ofType(response.events, 'model.retrying')).toEqual([
      {
        type: 'model.retrying',
        attempt: 1,
        retry_count: 1,
        format: 'json',
        retry_reason: 'validation_failed',
        validator_name: 'shortEnough',
        validation_reason: 'the validator returned false',
        validation_payload: undefined,
        delay_ms: 0, // a bad answer is asked again at once; only request failures back off
      },
    ]);
  });

  it('{ ok: false, reason, payload, validator_name } reaches the events, the correction and the error', async () => {
    const verdict = {
      ok: false,
      reason: 'summary must mention the host',
      payload: { missing: 'host' },
      validator_name: 'host',
    };
    const { model: m, response } = respond([() => verdict], ['a', 'b'], { maxRetries: 1 });
    const error = await response.getData().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      validatorName: 'host',
      reason: 'summary must mention the host',
      payload: { missing: 'host' },
      rawText: '{"summary":"b"}',
      attempt: 1,
    });
    expect(m.requests[1]?.prompt).toContain('could not be accepted: summary must mention the host');
    expect(ofType(response.events, 'model.retrying').map((e) => [e.validator_name, e.validation_payload])).toEqual([
      ['host', { missing: 'host' }],
    ]);
  });

  it('an object without ok counts as a failure', async () => {
    const { response } = respond([() => ({ reason: 'no verdict' }) as never], ['a'], { maxRetries: 0 });
    await expect(response.getData()).rejects.toMatchObject({ reason: 'no verdict' });
  });

  it.each(['no_retry', 'stop'] as const)('%s fails without retrying', async (flag) => {
    const { model: m, response } = respond([() => ({ ok: false, reason: 'off topic', [flag]: true })], ['a', 'b']);
    await expect(response.getData()).rejects.toMatchObject({ name: 'ValidationError', reason: 'off topic' });
    expect(m.requests).toHaveLength(1);
    expect(ofType(response.events, 'model.retrying')).toEqual([]);
    expect(ofType(response.events, 'model.failed')).toHaveLength(1);
  });

  it('no_retry with raiseEnsureFailure off returns the data as it is', async () => {
    const { response } = respond([() => ({ ok: false, no_retry: true })], ['a'], { raiseEnsureFailure: false });
    expect(await response.getData()).toEqual({ summary: 'a' });
    expect(ofType(response.events, 'model.done')).toEqual([{ type: 'model.done', attempt: 0, validated: false }]);
  });

  it.each(['error', 'exception', 'raise'] as const)(
    '%s: the given error is thrown at once, whatever the settings',
    async (key) => {
      const custom = new RangeError('quota exceeded');
      const { model: m, response } = respond([() => ({ ok: false, [key]: custom })], ['a', 'b'], {
        raiseEnsureFailure: false,
      });
      await expect(response.getData()).rejects.toBe(custom);
      expect(m.requests).toHaveLength(1);
      expect(ofType(response.events, 'model.retrying')).toEqual([]);
    },
  );

  it('a thrown error is a model.validation_error and retries', async () => {
    const boom = new TypeError('cannot read host');
    let calls = 0;
    const flaky = () => {
      calls++;
      if (calls === 1) throw boom;
      return true;
    };
    const { model: m, response } = respond([flaky], ['a', 'b']);
    expect(await response.getData()).toEqual({ summary: 'b' });
    expect(m.requests).toHaveLength(2);
    expect(ofType(response.events, 'model.validation_error')).toEqual([
      { type: 'model.validation_error', attempt: 0, validator_name: 'flaky', error: boom },
    ]);
    expect(ofType(response.events, 'model.retrying')[0]?.retry_reason).toBe('validation_error');
    expect(m.requests[1]?.prompt).toContain('could not be accepted: flaky threw: cannot read host');
  });

  it('a validator that keeps throwing ends in a ValidationError caused by the thrown error', async () => {
    const boom = new Error('always');
    const { response } = respond([{ name: 'strict', validate: () => Promise.reject(boom) }], ['a', 'b'], {
      maxRetries: 1,
    });
    const error = await response.getData().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ validatorName: 'strict', cause: boom, attempt: 1, rawText: '{"summary":"b"}' });
  });

  it('async validators are awaited', async () => {
    const slow = async (data: { summary: string }) => {
      await Promise.resolve();
      return data.summary === 'b' ? true : { ok: false, reason: 'not b' };
    };
    const { response } = respond([slow], ['a', 'b']);
    expect(await response.getData()).toEqual({ summary: 'b' });
  });
});

describe('validator order and registration', () => {
  it('runs the .validate() chain first, then the per-call ones, and stops at the first failure', async () => {
    const order: string[] = [];
    const track =
      (name: string, ok = true) =>
      () => {
        order.push(name);
        return ok;
      };
    const m = model('a');
    const response = createResponse({
      model: m,
      input: 'x',
      output,
      format: 'json',
      validate: [track('call-1'), track('call-2', false), track('call-3')],
      maxRetries: 0,
      raiseEnsureFailure: false,
    });
    response.validate(track('chain-1')).validate(track('chain-2'));
    await response.getData();
    expect(order).toEqual(['chain-1', 'chain-2', 'call-1', 'call-2']);
  });

  it('accepts a single per-call validator', async () => {
    const response = createResponse({
      model: model('a', 'b'),
      input: 'x',
      output,
      format: 'json',
      validate: (d) => d.summary === 'b',
    });
    expect(await response.getData()).toEqual({ summary: 'b' });
  });

  it('refuses validate() once the response has started', () => {
    const response = createResponse({ model: model('a'), input: 'x', output, format: 'json' });
    response.start();
    expect(() => response.validate(() => true)).toThrow(FieldstreamError);
    expect(() => response.validate(() => true)).toThrow(/before the response starts/);
  });
});

describe('the validation context', () => {
  it('describes the attempt', async () => {
    const seen: ValidationContext[] = [];
    const m = model('a', 'b');
    const response = createResponse({
      model: m,
      input: { ticket: 42 },
      instruct: 'Summarise.',
      output,
      format: 'json',
      settings: { model: 'm1' },
      maxRetries: 2,
      validate: (_data, context) => {
        seen.push({ ...context, prompt: { ...context.prompt }, settings: { ...context.settings } });
        return context.attemptIndex === 1;
      },
    });
    await response.getData();
    expect(seen).toHaveLength(2);
    expect(seen[1]).toMatchObject({
      attemptIndex: 1,
      retryCount: 1,
      maxRetries: 2,
      input: { ticket: 42 },
      data: { summary: 'b' },
      text: '{"summary":"b"}',
      format: 'json',
      settings: { model: 'm1' },
      promptText: m.requests[1]?.prompt,
    });
    expect(seen[0]?.prompt).toMatchObject({ input: '{\n  "ticket": 42\n}', instruct: 'Summarise.', correction: '' });
    expect(seen[1]?.prompt.correction).toContain('the validator returned false');
  });

  it('writes to settings and prompt parts affect only later retries', async () => {
    const m = model('a', 'b');
    const response = createResponse({
      model: m,
      input: 'x',
      instruct: 'Summarise.',
      output,
      format: 'json',
      settings: { temperature: 1 },
      validate: (data, context) => {
        if (data.summary === 'b') return true;
        context.settings.temperature = 0;
        context.prompt.instruct = 'Summarise in one word.';
        return false;
      },
    });
    await response.getData();
    expect(m.requests.map((r) => r.settings)).toEqual([{ temperature: 1 }, { temperature: 0 }]);
    expect(m.requests[0]?.prompt).toContain('[INSTRUCT]\nSummarise.\n');
    expect(m.requests[1]?.prompt).toContain('[INSTRUCT]\nSummarise in one word.\n');
    expect(Object.isFrozen(m.requests[0]?.settings)).toBe(true);
  });
});

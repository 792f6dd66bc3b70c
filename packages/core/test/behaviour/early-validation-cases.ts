// Early validation (docs/decisions/0022-validate-while-streaming.md) in the one behaviour suite: a
// field that breaks its rule stops the attempt where it closes, in every place a response runs. The
// field checks run where the schema lives: in the page, on the server behind toPatchStream (the
// wire carries the rejection), and in a Worker (the tuple DSL's rules there; a Standard Schema's
// rule and `validateField` asked of the main thread).
import {
  createFieldStore,
  defineOutput,
  type FieldState,
  type FieldValidator,
  type StreamedResponse,
} from '@fieldstream/core';
import { z } from 'zod';
import { throwingGetters, UNREADABLE } from '../support/unreadable-values';
import type { BehaviourCase } from './behaviour-spec';
import { timeline } from './observations';

const longNote = 'a long note that the model keeps writing '.repeat(30);
/** The events of an attempt that ended without validation (a dropped stream, a rejected field), then a retry. */
export const retryWithoutValidating = [
  '0:attempt:json',
  '0:status:streaming',
  '0:status:retrying',
  '1:attempt:json',
  '1:status:streaming',
  '1:status:validating',
  '1:final',
  '1:status:done',
];

const triage = defineOutput({ severity: [['low', 'high'], 'how bad'], note: ['string', 'details'] });
const contact = z.object({ email: z.string().email(), note: z.string() });

/**
 * What a user sees when the retry starts (the store's first `retrying` state): the retry record,
 * the rejected field, and whether the field after it ever completed in the stopped attempt. Then
 * the final data and the observations about the rejection.
 */
async function observeRejection(response: StreamedResponse<unknown>, rejected: string, after: string) {
  const events = timeline(response);
  const store = createFieldStore(response);
  let atRetry: { retry: unknown; field: Pick<FieldState, 'value' | 'rejected'>; afterComplete: boolean } | undefined;
  let afterCompleted = false;
  store.subscribe((state) => {
    if (state.attempt === 0 && store.getField(after).isComplete) afterCompleted = true;
    if (atRetry !== undefined || state.status !== 'retrying') return;
    const field = store.getField(rejected);
    atRetry = {
      retry: state.retry,
      field: { value: field.value, rejected: field.rejected },
      afterComplete: afterCompleted,
    };
  });
  const data = await response.getData();
  const observed = response.events.flatMap((event) =>
    event.type === 'model.validation_failed'
      ? [`failed:${event.stage}:${event.validator_name}:${event.path}:${event.validation_reason}`]
      : event.type === 'model.retrying'
        ? [`retrying:${event.retry_reason}:${event.path}`]
        : event.type === 'model.field_checked'
          ? [`checked:${event.attempt}:${event.path}:${event.validator_name}:${event.ok}`]
          : [],
  );
  return { data, events, atRetry, observed, after: store.getField(rejected).rejected };
}

/** What every case expects: one field rejected as it closed (`by` a rule or validator), then the data. */
function rejectedOnce(
  data: unknown,
  by: string,
  path: string,
  value: unknown,
  message: string,
  afterComplete: boolean,
) {
  return {
    data,
    events: retryWithoutValidating,
    atRetry: {
      retry: { attempt: 1, reason: 'field_rejected', message, delayMs: 0, path },
      field: { value, rejected: message },
      afterComplete,
    },
    observed: [`failed:field:${by}:${path}:${message}`, `retrying:field_rejected:${path}`],
    after: undefined,
  };
}

/** A `validateField` on `note` rejects the first answer's long note (`reason` says why), then passes. */
function noteRejectedCase(name: string, note: FieldValidator, reason: string): BehaviourCase {
  return {
    name,
    spec: {
      answers: [`{"severity": "low", "note": "${longNote}"}`, '{"severity": "low", "note": "short"}'],
      output: triage,
      format: 'json',
      chunkSize: 6,
      delayMs: 3,
      validateField: { note },
    },
    run: (response) => observeRejection(response, 'note', 'note'),
    expected: (() => {
      const once = rejectedOnce({ severity: 'low', note: 'short' }, 'note', 'note', longNote, reason, true);
      // Each verdict of the validator, in every place the response runs: the rejection, then the
      // last attempt's pass, judged at its end.
      return { ...once, observed: ['checked:0:note:note:false', ...once.observed, 'checked:1:note:note:true'] };
    })(),
  };
}

export const earlyValidationCases: BehaviourCase[] = [
  {
    name: 'a field breaks its schema rule as it closes: the attempt stops there, one retry, the store shows why',
    spec: {
      answers: [`{"severity": "urgent", "note": "${longNote}"}`, '{"severity": "high", "note": "ok"}'],
      output: triage,
      format: 'json',
      chunkSize: 6,
      delayMs: 3,
    },
    run: (response) => observeRejection(response, 'severity', 'note'),
    expected: rejectedOnce(
      { severity: 'high', note: 'ok' },
      'schema',
      'severity',
      'urgent',
      'must be one of "low", "high", got "urgent"',
      false,
    ),
  },
  {
    name: "a zod field's own rule (email) rejects it as it closes, wherever the response runs",
    spec: {
      answers: [`{"email": "not-an-email", "note": "${longNote}"}`, '{"email": "ada@example.com", "note": "ok"}'],
      output: contact,
      format: 'json',
      chunkSize: 6,
      delayMs: 3,
    },
    run: (response) => observeRejection(response, 'email', 'note'),
    expected: rejectedOnce(
      { email: 'ada@example.com', note: 'ok' },
      'schema',
      'email',
      'not-an-email',
      'Invalid email address',
      false,
    ),
  },
  noteRejectedCase(
    'a validateField rejects a field as it closes (asked of the main thread from a Worker)',
    (value) => String(value).length < 200 || { ok: false, reason: 'keep the note under 200 characters' },
    'keep the note under 200 characters',
  ),
  // Security issue 45: whatever a field validator throws rejects the field like any other throw.
  noteRejectedCase(
    'a validateField that throws a value with no string form rejects the field, and the reason says so',
    (value) => {
      if (String(value).length >= 200) throw Object.create(null);
      return true;
    },
    `note threw: ${UNREADABLE}`,
  ),
  noteRejectedCase(
    'an async validateField that rejects with an object whose message and toString throw rejects the field',
    async (value) => {
      if (String(value).length >= 200) throw throwingGetters();
      return true;
    },
    `note threw: ${UNREADABLE}`,
  ),
];

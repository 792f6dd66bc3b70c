// An attempt that fails: a validator's rejection or a dropped connection retried, answers that
// never parse, an ensured field left blank, a provider failing every attempt, an abort.
import { createFieldStore } from '@fieldstream/core';
import type { BehaviourCase } from './behaviour-spec';
import { retryWithoutValidating } from './early-validation-cases';
import { caught, drain, errorRecord, rejection, timeline } from './observations';
import {
  good,
  goodData,
  needsTags,
  noRetryDelay,
  noTags,
  noTitle,
  oneRetryObservations,
  oneRetryTimeline,
  ticket,
} from './ticket-answers';

export const failureCases: BehaviourCase[] = [
  {
    name: 'a validator rejects the first answer: one retry with the correction, then data',
    spec: { answers: [noTags, good], output: ticket, format: 'json', validate: [needsTags] },
    async run(response) {
      const events = timeline(response);
      const store = createFieldStore(response);
      const data = await response.getData();
      const retrying = response.events.find((event) => event.type === 'model.retrying');
      return {
        data,
        events,
        retry: store.getState().retry,
        attempt: response.attempt,
        observations: response.events.map((event) => event.type),
        retrying: retrying?.type === 'model.retrying' ? [retrying.retry_reason, retrying.validation_reason] : undefined,
      };
    },
    expected: {
      data: goodData,
      events: oneRetryTimeline,
      attempt: 1,
      observations: oneRetryObservations,
      retrying: ['validation_failed', 'give at least one tag'],
      retry: { attempt: 1, reason: 'validation_failed', message: 'give at least one tag', delayMs: 0, format: 'json' },
    },
  },
  {
    name: 'answers that never parse: the retries run out, an OutputParseError',
    spec: { answers: ['this is not json at all'], output: ticket, format: 'json', maxRetries: 1 },
    async run(response) {
      const events = timeline(response);
      const error = await rejection(response.getData());
      return { error, events, status: response.status };
    },
    expected: {
      error: { class: 'OutputParseError', name: 'OutputParseError', code: 'OUTPUT_PARSE_FAILED', attempt: 1 },
      events: [
        '0:attempt:json',
        '0:status:streaming',
        '0:status:validating',
        '0:status:retrying',
        '1:attempt:json',
        '1:status:streaming',
        '1:status:validating',
        '1:error:OutputParseError:OUTPUT_PARSE_FAILED',
        '1:status:error',
      ],
      status: 'error',
    },
  },
  {
    name: 'an ensured field left blank with no retries left: an EnsureError',
    spec: { answers: [noTitle], output: ticket, format: 'json', maxRetries: 0 },
    async run(response) {
      const store = createFieldStore(response);
      const error = await rejection(response.getData());
      return { error, store: { status: store.getState().status, error: errorRecord(store.getState().error) } };
    },
    expected: {
      error: { class: 'EnsureError', name: 'EnsureError', code: 'ENSURE_FAILED', attempt: 0 },
      store: {
        status: 'error',
        error: { class: 'EnsureError', name: 'EnsureError', code: 'ENSURE_FAILED', attempt: 0 },
      },
    },
  },
  {
    name: 'the connection drops once: a transport retry, then data',
    spec: {
      answers: [good],
      faults: [{ attempt: 0, kind: 'drop_connection', at: 12 }],
      output: ticket,
      format: 'json',
      retry: noRetryDelay,
    },
    async run(response) {
      const events = timeline(response);
      const data = await response.getData();
      const failed = response.events.find((event) => event.type === 'model.request_failed');
      return {
        data,
        events,
        requestFailed: failed?.type === 'model.request_failed' ? errorRecord(failed.error) : undefined,
      };
    },
    expected: {
      data: goodData,
      events: retryWithoutValidating,
      requestFailed: { class: 'TransportError', name: 'TransportError', code: 'TRANSPORT_FAILED', attempt: 0 },
    },
  },
  {
    name: 'the provider fails every attempt: a ProviderError, and readers see it too',
    spec: {
      answers: [good],
      faults: [
        { attempt: 0, kind: 'provider_error', code: 'overloaded_error', message: 'busy' },
        { attempt: 1, kind: 'provider_error', code: 'overloaded_error', message: 'busy' },
      ],
      output: ticket,
      format: 'json',
      maxRetries: 1,
      retry: noRetryDelay,
    },
    async run(response) {
      const reading = rejection(drain(response.instant()));
      const error = await rejection(response.getData());
      return { error, reader: await reading, status: response.status };
    },
    expected: {
      error: { class: 'ProviderError', name: 'ProviderError', code: 'PROVIDER_ERROR', attempt: 1 },
      reader: { class: 'ProviderError', name: 'ProviderError', code: 'PROVIDER_ERROR', attempt: 1 },
      status: 'error',
    },
  },
  {
    name: 'abort mid-stream: status aborted, then aborted; an AbortError with the reason; what streamed stays',
    spec: { answers: [good], output: ticket, format: 'json', chunkSize: 2, delayMs: 5 },
    async run(response) {
      const events = timeline(response);
      const store = createFieldStore(response);
      const reader = response.instant();
      await reader.next();
      response.abort('user left');
      const error = await caught(response.getData());
      return {
        events,
        error: { ...errorRecord(error), message: (error as Error | undefined)?.message },
        readerError: await rejection(drain(reader)),
        status: response.status,
        store: { status: store.getState().status, streamed: store.getState().data !== undefined },
      };
    },
    expected: {
      events: ['0:attempt:json', '0:status:streaming', '0:status:aborted', '0:aborted'],
      error: { class: 'AbortError', name: 'AbortError', code: 'ABORTED', attempt: 0, message: 'user left' },
      readerError: { class: 'AbortError', name: 'AbortError', code: 'ABORTED', attempt: 0 },
      status: 'aborted',
      store: { status: 'aborted', streamed: true },
    },
  },
];

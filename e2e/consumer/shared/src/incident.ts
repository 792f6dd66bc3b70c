import { createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
// The scripted answer; the consumer test reads the same file to know what each event shows.
import answer from './answer.json' with { type: 'json' };

/** What the panel asks for. */
export const incident = defineOutput({
  status_summary: ['string', 'one-line status', true],
  risk_flags: [['string', 'a risk']],
});

/**
 * One response from the scripted model: 8 characters per event and a minute of (fake) time before
 * the first event and between events, so a test that drives the page's clock sees every event alone.
 */
export function askIncident(signal: AbortSignal) {
  return createResponse({
    model: scriptedModel({
      answers: [JSON.stringify(answer)],
      chunkSize: 8,
      firstTokenDelayMs: 60_000,
      delayMs: 60_000,
    }),
    input: 'Payments are failing for 3% of EU customers since 09:12.',
    output: incident,
    format: 'json',
    signal,
  });
}

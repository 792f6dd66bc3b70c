// The README's retry snippet, verbatim (after the names it takes from the tour).
import { createResponse, defineOutput, type Model } from '@fieldstream/core';

declare const model: Model;
declare const input: string;
const output = defineOutput({ status_summary: ['string', 'one-line status', true] });

createResponse({ model, input, output, retry: { baseDelayMs: 1000, maxDelayMs: 60_000, jitter: 0.2 } });

import { defineOutput } from '@fieldstream/core';
import type { Preset } from './preset';

const output = defineOutput({
  summary: ['string', 'what the log window shows', 'not_null'],
  entries: [
    {
      id: ['integer', 'sequence number'],
      timestamp: ['string', 'ISO 8601'],
      level: [['debug', 'info', 'warn', 'error'], 'log level'],
      service: ['string', 'emitting service'],
      message: ['string', 'the log message'],
      latency_ms: ['number', 'request latency'],
      tags: [['string', 'a tag']],
    },
  ],
  error_count: ['integer', 'entries at level error'],
});

/** The answer is at least this many characters of JSON (the performance test streams it). */
export const LARGE_REPORT_MIN_CHARS = 150_000;

const SERVICES = ['checkout-api', 'payments-gateway', 'search', 'order-events', 'auth'];
const LEVELS = ['debug', 'info', 'warn', 'error'] as const;
const WORDS = ['request', 'timeout', 'retry', 'cache', 'miss', 'upstream', 'slow', 'query', 'token', 'queue', 'flush'];

type Entry = {
  id: number;
  timestamp: string;
  level: (typeof LEVELS)[number];
  service: string;
  message: string;
  latency_ms: number;
  tags: string[];
};

/** A deterministic log window: the same entries on every run (a small LCG, no Math.random). */
function generate(): { summary: string; entries: Entry[]; error_count: number } {
  let seed = 20240531;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const entries: Entry[] = [];
  let size = 0;
  let errors = 0;
  for (let id = 1; size < LARGE_REPORT_MIN_CHARS; id++) {
    const level = LEVELS[next(4)] as Entry['level'];
    if (level === 'error') errors++;
    const words = Array.from({ length: 8 + next(10) }, () => WORDS[next(WORDS.length)]);
    const entry: Entry = {
      id,
      timestamp: new Date(Date.UTC(2024, 4, 31, 9, 0, 0) + id * 1370).toISOString(),
      level,
      service: SERVICES[next(SERVICES.length)] as string,
      message: `${words.join(' ')} (attempt ${1 + next(3)}) \u2014 "${WORDS[next(WORDS.length)]}"`,
      latency_ms: next(90000) / 100,
      tags: [SERVICES[next(SERVICES.length)] as string, `zone-${next(3)}`],
    };
    entries.push(entry);
    // As it appears in the answer: each line indented by four more spaces, then ",\n".
    const pretty = JSON.stringify(entry, null, 2);
    size += pretty.length + 4 * pretty.split('\n').length + 2;
  }
  return {
    summary: `A ${entries.length}-entry log window from the checkout path; errors cluster around payments-gateway.`,
    entries,
    error_count: errors,
  };
}

const data = generate();

export const largeReportPreset: Preset = {
  id: 'large-report',
  title: 'Large log report (150 KB)',
  description: 'JSON: hundreds of records, the performance scenario',
  input: 'Summarise the last log window as structured entries.',
  output,
  format: 'json',
  data,
  recorded: { format: 'json', text: JSON.stringify(data, null, 2) },
  windowedLists: ['entries'],
};

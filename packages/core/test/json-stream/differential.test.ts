import { createStreamParser, type StreamingData } from '@fieldstream/core';
import { ALL, parse as parsePartial } from 'partial-json';
import { describe, expect, it } from 'vitest';
import { valueAt } from '../support/events';
import { corpus } from './corpus';

// partial-json assigns `obj[key] = value`, so a `__proto__` key sets a prototype there instead of
// being data: that document cannot be compared (the safety tests cover it).
const comparable = corpus.filter((document) => !document.payload.includes('__proto__'));

describe('differential: the snapshot agrees with partial-json on every completed path', () => {
  it.each(comparable.map((document) => [document.name, document] as const))('%s', (_name, document) => {
    const parser = createStreamParser({ format: 'json' });
    const completed: StreamingData[] = [];
    // Feed the payload itself one character at a time; compare after each prefix.
    let comparisons = 0;
    for (let end = 1; end <= document.payload.length; end++) {
      for (const event of parser.push(document.payload[end - 1] as string)) {
        if (event.event_type === 'done' && !event.path.startsWith('$')) completed.push(event);
      }
      let theirs: unknown;
      try {
        theirs = parsePartial(document.payload.slice(0, end), ALL);
      } catch {
        continue; // partial-json cannot read this prefix (e.g. a lone "-"): nothing to compare
      }
      const ours = parser.snapshot();
      for (const event of completed) {
        expect(valueAt(ours, event.path), `${event.path} after ${end} chars`).toEqual(valueAt(theirs, event.path));
        expect(event.value).toEqual(valueAt(theirs, event.path));
        comparisons++;
      }
    }
    // Every completed path was compared at least once (at the whole payload, if not before).
    expect(completed.length).toBeGreaterThan(0);
    expect(comparisons).toBeGreaterThanOrEqual(completed.length);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStreamParser, FieldstreamError, type StreamingData } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { JsonStreamParser } from '../../src/formats/json/json-stream-parser';
import { charChunks, seededChunkings } from '../support/chunkings';
import { contractViolations, mergeDeltas } from '../support/events';

const dir = join(import.meta.dirname, '..', 'fixtures', 'JSONTestSuite');
const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
// Some files are invalid UTF-8 on purpose: decode leniently, as a model's text would arrive.
const read = (file: string) => new TextDecoder('utf-8', { fatal: false }).decode(readFileSync(join(dir, file)));
const chunkingsOf = (text: string, seed: number) => [
  [text],
  ...(text.length <= 20_000 ? [charChunks(text)] : []),
  ...seededChunkings(text, 8, seed),
];
// Duplicate keys restart a path's events (the value follows JSON.parse: the last one wins).
const DUPLICATE_KEYS = new Set(['y_object_duplicated_key.json', 'y_object_duplicated_key_and_value.json']);

function streamEmbedded(chunks: readonly string[]) {
  const parser = new JsonStreamParser({ embedded: true });
  const events: StreamingData[] = [];
  for (const chunk of chunks) for (const event of parser.push(chunk)) events.push(event);
  for (const event of parser.finish(undefined)) events.push(event);
  return { events, value: parser.snapshot(), complete: parser.isComplete };
}

function streamAnswer(chunks: readonly string[]) {
  const parser = createStreamParser({ format: 'json' });
  for (const chunk of chunks) parser.push(chunk);
  parser.finish();
  return parser.snapshot();
}

describe('JSONTestSuite y_ files: every chunking ends deep-equal to JSON.parse', () => {
  const accepted = files.filter((file) => file.startsWith('y_'));
  it('has the suite', () => expect(accepted.length).toBe(95));

  it.each(accepted)('%s', (file) => {
    const text = read(file);
    const expected = JSON.parse(text);
    const whole = streamEmbedded([text]);
    expect(whole.complete).toBe(true);
    expect(whole.value).toEqual(expected);
    if (!DUPLICATE_KEYS.has(file)) expect(contractViolations(whole.events)).toEqual([]);
    const canonical = mergeDeltas(whole.events);
    for (const chunks of chunkingsOf(text, file.length)) {
      const run = streamEmbedded(chunks);
      expect(run.value).toEqual(expected);
      expect(mergeDeltas(run.events)).toEqual(canonical);
      expect(streamAnswer(chunks)).toEqual(expected);
    }
  });
});

describe('JSONTestSuite n_ and i_ files: a value or a typed error, never a crash or a hang', () => {
  const others = files.filter((file) => file.startsWith('n_') || file.startsWith('i_'));
  it('has the suite', () => expect(others.length).toBe(187 + 35));

  it.each(others)('%s', (file) => {
    const text = read(file);
    // Large files (100 000-deep nesting) once whole and once in random chunks; small ones 4 ways.
    const chunkings =
      text.length > 20_000 ? [[text], ...seededChunkings(text, 1, 7)] : chunkingsOf(text, 9).slice(0, 4);
    for (const chunks of chunkings) {
      for (const run of [() => streamEmbedded(chunks).value, () => streamAnswer(chunks)]) {
        // No time limit here (`npm run bench -- adversarial` measures it); a hang hits the test timeout.
        try {
          run();
        } catch (error) {
          expect(error).toBeInstanceOf(FieldstreamError);
        }
      }
    }
  });
});

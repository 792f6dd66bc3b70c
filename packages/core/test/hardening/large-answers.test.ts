// Answers with more values than a function takes arguments: spreading a list of them into
// `push(...)` throws RangeError past ~120 000 on Node 20 (`patch/push-each.ts`). Each place that
// once did so has a case here, with 150 000 values.
import { createFieldStore, createResponse, defineOutput, type ModelEvent } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { formats } from '../support/all-formats';
import { streamChunks } from '../support/format-streams';

const items = Array.from({ length: 150_000 }, (_, i) => i);
const answer = JSON.stringify({ items });
const output = defineOutput({ items: [['number']] });

describe('an answer of 150 000 values', { timeout: 60_000 }, () => {
  // hybrid and flat_markdown read a bare JSON answer (no sections) as a fallback and replay it whole.
  for (const format of Object.keys(formats).filter((name) => name !== 'text') as (keyof typeof formats)[]) {
    it(`${format}: parses in one chunk and in two, every item done`, () => {
      for (const chunks of [[answer], [answer.slice(0, 1000), answer.slice(1000)]]) {
        const { events, snapshot } = streamChunks(format, output, chunks);
        expect(snapshot).toEqual({ items });
        const done = events.filter((event) => event.event_type === 'done' && event.path.startsWith('items['));
        expect(done.map((event) => event.value)).toEqual(items);
      }
    });
  }

  it('arrives as one output tool call argument event: the data, as a JSON answer gives it', async () => {
    const response = createResponse({
      model: async function* () {
        yield { type: 'tool_call', key: 1, id: 'c', name: 'output', delta: answer } satisfies ModelEvent;
      },
      input: 'x',
      output,
      outputTool: true,
    });
    const store = createFieldStore(response);
    expect(await response.getData()).toEqual({ items });
    expect(store.getField('items[149999]')).toMatchObject({ value: 149_999, isComplete: true });
  });
});

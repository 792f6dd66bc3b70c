import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BehaviourSource, behaviourCases } from './behaviour-cases';
import { inPage, overTheWire, workerInThread } from './behaviour-sources';

// One suite, every place a response runs (the real Worker in Chromium: e2e/behaviour.spec.ts).
// A new source is one more entry here.
let wire: Awaited<ReturnType<typeof overTheWire>>;
beforeAll(async () => {
  wire = await overTheWire();
});
afterAll(() => wire.close());

const sources: (() => BehaviourSource)[] = [() => inPage, () => wire, () => workerInThread];

describe.each(sources.map((source, index) => [index, source] as const))(
  'response behaviour, source %i',
  (_, source) => {
    it.each(behaviourCases.map((behaviourCase) => [behaviourCase.name, behaviourCase] as const))(
      '%s',
      async (_name, behaviourCase) => {
        const response = source().create(behaviourCase.spec);
        expect(await behaviourCase.run(response)).toEqual(behaviourCase.expected);
      },
    );
  },
);

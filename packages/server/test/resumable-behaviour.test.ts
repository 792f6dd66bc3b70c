import { type ChunkListener, createResponse, type ResponseEvent, type StreamedResponse } from '@fieldstream/core';
import { fromPatchStream } from '@fieldstream/core/patch-stream';
import { scriptedModel } from '@fieldstream/core/testing';
import { createResumableAnswers } from '@fieldstream/server';
import { describe, expect, it } from 'vitest';
import {
  type BehaviourSource,
  behaviourCases,
  responseOptions,
  scriptedConfig,
} from '../../core/test/behaviour/behaviour-cases';
import { droppingFetch } from './support/dropping-fetch';

// The core behaviour suite (packages/core/test/behaviour/), run once more against a resumable
// answer whose every connection drops after 300 bytes: a user sees the same response as one that
// never dropped, in every case (the gap itself is a `connection` event, which no case reads).
const answers = createResumableAnswers({ allowAbort: true });
const resumableOverDrops: BehaviourSource = {
  name: 'a resumable answer, every connection dropped after 300 bytes',
  create(spec) {
    const serve = (request: Request) =>
      request.method === 'POST'
        ? answers.start(
            createResponse<unknown>({ model: scriptedModel(scriptedConfig(spec)), ...responseOptions(spec) }),
          )
        : answers.resume(request);
    const { fetch } = droppingFetch(
      () => serve,
      Array.from({ length: 64 }, () => 300),
    );
    return withoutGaps(
      fromPatchStream({
        url: 'http://app.test/answer',
        init: { method: 'POST', body: '{}' },
        fetch,
        resume: { delayMs: () => 0, attempts: 64 },
      }),
    );
  },
};

/** The response with its `connection` events set aside (they describe the gaps, which are the point here). */
function withoutGaps(response: StreamedResponse<unknown>): StreamedResponse<unknown> {
  const data = (event: ResponseEvent) => event.type !== 'connection';
  return new Proxy(response, {
    get(target, key) {
      if (key === 'subscribe')
        return (listener: (event: ResponseEvent) => void) =>
          target.subscribe((event) => data(event) && listener(event));
      if (key === 'subscribeChunks')
        return (listener: ChunkListener) =>
          target.subscribeChunks({ ...listener, events: (events) => listener.events(events.filter(data)) });
      return Reflect.get(target, key, target);
    },
  });
}

describe(resumableOverDrops.name, () => {
  it.each(behaviourCases.map((behaviourCase) => [behaviourCase.name, behaviourCase] as const))(
    '%s',
    async (_name, behaviourCase) => {
      const response = resumableOverDrops.create(behaviourCase.spec);
      expect(await behaviourCase.run(response)).toEqual(behaviourCase.expected);
    },
  );
});

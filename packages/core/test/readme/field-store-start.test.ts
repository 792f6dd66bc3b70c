// packages/core/README.md, "The field store": a store only listens; the response starts when
// something starts it (`start()`, a read such as `getData()`), never because a store was made.
import { createFieldStore, createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, it } from 'vitest';

const plan = defineOutput({ title: ['string', 'title', true] });

function planResponse() {
  let requests = 0;
  const model = scriptedModel({
    answers: () => {
      requests++;
      return '{"title": "Ship it"}';
    },
  });
  const response = createResponse({ model, input: 'plan', output: plan, format: 'json' });
  return { response, requests: () => requests };
}

describe('a field store and the start of its response', () => {
  it('stays idle, with no request, until the response is started', async () => {
    const { response, requests } = planResponse();
    const store = createFieldStore(response); // listens only: status stays 'idle'
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().status).toBe('idle');
    expect(requests()).toBe(0);

    response.start(); // now the answer streams into the store
    await response.getData();
    expect(store.getState().status).toBe('done');
    expect(store.getState().final).toEqual({ title: 'Ship it' });
    expect(requests()).toBe(1);
  });

  it('starts with a read such as getData()', async () => {
    const { response } = planResponse();
    const store = createFieldStore(response);
    await response.getData();
    expect(store.getState().status).toBe('done');
  });
});

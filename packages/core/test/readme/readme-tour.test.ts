// The README's thirty-line tour, with the scripted model standing in for the HTTP provider.
import { createFieldStore, createResponse, defineOutput, type StreamingData, selectFormat } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, it } from 'vitest';

const incident = defineOutput({
  status_summary: ['string', 'one-line status', true],
  risk_flags: [['string', 'a risk', 'not_null']],
  meta: { score: ['integer', '0-10'], ok: ['boolean'] },
  customer_reply: ['string', 'reply to the customer', 'not_null'],
});

const answer = [
  '<think>EU card payments; keep it short.</think>',
  '### status_summary',
  'Card payments failing for 3% of EU customers since 09:12.',
  '',
  '### risk_flags',
  '```json',
  '["revenue loss", "support load"]',
  '```',
  '',
  '### meta',
  '```json',
  '{"score": 7, "ok": false}',
  '```',
  '',
  '### customer_reply',
  'We are fixing a payment problem; your card was not charged twice.',
].join('\n');

describe('the README tour', () => {
  it('auto picks hybrid, streams patches, and ends in validated, cached data', async () => {
    expect(selectFormat(incident)).toBe('hybrid');
    let requests = 0;
    const model = scriptedModel({
      answers: () => {
        requests++;
        return answer;
      },
      chunkSize: [1, 9],
    });
    const response = createResponse({
      model,
      input: 'Payments are failing for 3% of EU customers since 09:12.',
      output: incident,
      validate: [(data) => data.customer_reply.length < 600 || { ok: false, reason: 'reply too long' }],
    });
    const store = createFieldStore(response);
    const patches: StreamingData[] = [];
    for await (const patch of response.instant()) patches.push(patch);

    const done = patches.filter((p) => p.event_type === 'done').map((p) => p.path);
    expect(done).toEqual([
      '$reasoning',
      'status_summary',
      'risk_flags[0]',
      'risk_flags[1]',
      'risk_flags',
      'meta.score',
      'meta.ok',
      'meta',
      'customer_reply',
      '', // the root object completes last
    ]);
    const expected = {
      status_summary: 'Card payments failing for 3% of EU customers since 09:12.',
      risk_flags: ['revenue loss', 'support load'],
      meta: { score: 7, ok: false },
      customer_reply: 'We are fixing a payment problem; your card was not charged twice.',
    };
    expect(await response.getData()).toEqual(expected);
    expect(await response.getData()).toEqual(expected);
    expect(requests).toBe(1);
    expect(store.getState().status).toBe('done');
    expect(store.getState().final).toEqual(expected);
  });
});

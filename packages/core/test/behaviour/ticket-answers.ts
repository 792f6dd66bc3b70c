// The ticket most cases ask for, the answers a scripted model gives, and what a user should see of
// them: the data, a retry's timeline and observations, each attempt's paths.
import { defineOutput, type RetryPolicy, type Validator } from '@fieldstream/core';
import { retryWithoutValidating } from './early-validation-cases';

export const ticket = defineOutput({
  title: ['string', 'title', 'not_null'],
  tags: [['string']],
  meta: { owner: ['string'], urgent: ['boolean'] },
});
export const good = '{"title": "Fix login", "tags": ["auth", "p1"], "meta": {"owner": "Ada", "urgent": true}}';
export const goodData = { title: 'Fix login', tags: ['auth', 'p1'], meta: { owner: 'Ada', urgent: true } };
export const noTags = '{"title": "Fix login", "tags": [], "meta": {"owner": "Ada", "urgent": true}}';
export const noTitle = good.replace('"Fix login"', '""');

/** Rejects a ticket without tags, so `noTags` then `good` is one retry. */
export const needsTags: Validator<unknown> = {
  name: 'needs-tags',
  validate: (data) =>
    ((data as { tags?: string[] }).tags ?? []).length > 0 || { ok: false, reason: 'give at least one tag' },
};
export const noRetryDelay: RetryPolicy = { baseDelayMs: 0, maxDelayMs: 0, jitter: 0 };

/** The events of an answer rejected once, then accepted: the first attempt was validated. */
export const oneRetryTimeline = [
  ...retryWithoutValidating.slice(0, 2),
  '0:status:validating',
  ...retryWithoutValidating.slice(2),
];

/** The observations of an answer rejected once by a validator, then accepted. */
export const oneRetryObservations = [
  'model.requesting',
  'model.completed',
  'model.validation_failed',
  'model.retrying',
  'model.requesting',
  'model.completed',
  'model.done',
];

/** What one attempt's paths spell for the ticket with these tags (see `byPath`). */
export function pathsOf(tags: string[], n: number) {
  return {
    [`${n}:`]: { text: '', value: { title: 'Fix login', tags, meta: { owner: 'Ada', urgent: true } }, done: 1 },
    [`${n}:title`]: { text: 'Fix login', value: 'Fix login', done: 1 },
    [`${n}:tags`]: { text: '', value: tags, done: 1 },
    ...Object.fromEntries(tags.map((tag, i) => [`${n}:tags[${i}]`, { text: tag, value: tag, done: 1 }])),
    [`${n}:meta`]: { text: '', value: { owner: 'Ada', urgent: true }, done: 1 },
    [`${n}:meta.owner`]: { text: 'Ada', value: 'Ada', done: 1 },
    [`${n}:meta.urgent`]: { text: '', value: true, done: 1 },
  };
}

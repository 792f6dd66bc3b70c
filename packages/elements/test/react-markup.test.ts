// The elements draw React's markup (class names, data attributes, ARIA), so React's stylesheet and
// the same queries work on both: React's components rendered from the same store are the reference.
import { createFieldStore, defineOutput, type FieldStore } from '@fieldstream/core';
import { FieldProgress, LiveForm } from '@fieldstream/react';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { canonicalHtml, canonicalOf } from './support/canonical-html';
import { createTestSource, mount, one, scalar, streamText } from './support/elements';

const incident = defineOutput({
  summary: ['string'],
  meta: { owner: ['string'], score: ['integer'] },
  steps: [{ title: ['string'], done: ['boolean'] }],
});

function elementsMarkup(store: FieldStore): { form: string; progress: string } {
  const container = mount('<fieldstream-form></fieldstream-form><fieldstream-progress></fieldstream-progress>');
  for (const element of [one(container, 'fieldstream-form'), one(container, 'fieldstream-progress')]) {
    Object.assign(element, { output: incident, store, schedule: 'sync' });
  }
  const drawn = (tag: string): string => {
    const host = one(container, tag);
    host.normalize();
    return [...host.childNodes].map(canonicalHtml).join('');
  };
  return { form: drawn('fieldstream-form'), progress: drawn('fieldstream-progress') };
}

function reactMarkup(store: FieldStore): { form: string; progress: string } {
  return {
    form: canonicalOf(renderToString(createElement(LiveForm, { output: incident, store, schedule: 'sync' }))),
    progress: canonicalOf(renderToString(createElement(FieldProgress, { output: incident, store, schedule: 'sync' }))),
  };
}

describe("the elements' markup is React's", () => {
  it('idle', () => {
    const store = createFieldStore(createTestSource());
    expect(elementsMarkup(store)).toEqual(reactMarkup(store));
  });

  it('mid-stream, on a retry with stale and provisional fields, and reconciled with the final data', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    source.attempt(0);
    source.patches(0, [
      ...streamText('summary', 'Database down'),
      ...streamText('meta.owner', 'ops'),
      scalar('meta.score', 4, 'synthetic_repair'),
      ...streamText('steps[0].title', 'Check'),
    ]);
    const streaming = elementsMarkup(store);
    expect(streaming).toEqual(reactMarkup(store));
    expect(streaming.form).toContain('data-provisional="true"');
    document.body.replaceChildren();

    source.attempt(1, 'validation failed');
    source.patches(1, streamText('summary', 'Database recovered'));
    const retried = elementsMarkup(store);
    expect(retried).toEqual(reactMarkup(store));
    expect(retried.form).toContain('data-stale="true"');
    expect(retried.progress).toContain('streaming (attempt 2)');
    document.body.replaceChildren();

    source.emit({
      type: 'final',
      attempt: 1,
      data: { summary: 'Database recovered', meta: { score: 6 }, steps: [{ title: 'Check', done: false }] },
    });
    const reconciled = elementsMarkup(store);
    expect(reconciled).toEqual(reactMarkup(store));
    expect(reconciled.form).toContain('data-reconciled="removed"');
    expect(reconciled.progress).toContain('Answer complete.');
  });
});

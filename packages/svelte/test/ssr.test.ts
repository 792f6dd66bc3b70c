// @vitest-environment node
// svelte/server renders the idle state of a component tree: the layout with every field pending.
import { createFieldStore, defineOutput } from '@fieldstream/core';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import { FieldProgress, LiveForm } from '../src/index.js';

const output = defineOutput({ title: ['string'], tags: [['string']] });

describe('server rendering', () => {
  it('renders the idle LiveForm and FieldProgress', () => {
    const store = createFieldStore();
    const form = render(LiveForm, { props: { output, store } as never }).body;
    expect(form).toContain('class="fs-live-form"');
    expect(form).toContain('data-status="idle"');
    expect(form).toContain('aria-busy="false"');
    expect(form).toMatch(/class="fs-field" data-path="title" data-phase="pending"/);
    expect(form).toContain('role="status"');
    const progress = render(FieldProgress, { props: { output, store } as never }).body;
    expect(progress).toMatch(/data-path="title" data-phase="pending"/);
    expect(progress).toContain('<p class="fs-progress-status" data-status="idle">idle</p>');
  });
});

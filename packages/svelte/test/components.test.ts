// The components render React's markup: the same class names, data attributes and live region,
// so @fieldstream/react/styles.css styles them too.
import { ArgumentError, defineOutput, type FieldStore, type ResponseEvent } from '@fieldstream/core';
import { cleanup, render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { open, scalar } from '../../core/test/store/patches';
import { rejectAttempt, streamEach, streamingStore } from '../../core/test/ui/ui-store';
import { FieldProgress, FieldText, LiveForm, StreamAnnouncer } from '../src/index.js';
import ValueAsCode from './support/ValueAsCode.svelte';

afterEach(cleanup);

const output = defineOutput({ title: ['string'], tags: [['string']], meta: { score: ['integer'] } });

function fieldOf(container: HTMLElement, path: string): HTMLElement {
  return container.querySelector(`.fs-field[data-path="${path}"]`) as HTMLElement;
}

function finish(store: FieldStore, data: unknown): void {
  store.dispatch({ type: 'status', attempt: 0, status: 'done' } as ResponseEvent);
  store.dispatch({ type: 'final', attempt: 0, data });
}

describe('LiveForm', () => {
  it('lays out the schema as groups and fields that fill in, with the phase on each field', () => {
    const store = streamingStore();
    const { container } = render(LiveForm, { props: { output, store, schedule: 'sync' } as never });
    const form = container.querySelector('.fs-live-form') as HTMLElement;
    expect(form.getAttribute('aria-busy')).toBe('true');
    expect(form.dataset.status).toBe('streaming');
    expect(screen.getByRole('group', { name: 'tags' }).className).toBe('fs-list');
    expect(screen.getByRole('group', { name: 'meta' }).className).toBe('fs-object');
    expect(fieldOf(container, 'title').dataset.phase).toBe('pending');
    streamEach(store, 'title', 'Hi');
    flushSync();
    expect(fieldOf(container, 'title').textContent).toBe('titleHi');
    expect(fieldOf(container, 'title').dataset.phase).toBe('streaming');
    expect(fieldOf(container, 'title').querySelector('.fs-field-text')?.textContent).toBe('Hi');
    store.apply([open('tags', 'array'), scalar('tags[0]', 'a'), scalar('tags[1]', 'b')]);
    flushSync();
    expect([...container.querySelectorAll('.fs-list li')].map((li) => li.getAttribute('data-path'))).toEqual([
      'tags[0]',
      'tags[1]',
    ]);
    finish(store, { title: 'Hi', tags: ['a', 'b'], meta: { score: 3 } });
    flushSync();
    expect(form.getAttribute('aria-busy')).toBe('false');
    expect(fieldOf(container, 'title').dataset.reconciled).toBe('confirmed');
    expect(fieldOf(container, 'meta.score').textContent).toBe('score3');
    expect(screen.getByRole('status').textContent).toBe('Answer complete.');
  });

  it('marks the failed attempt’s fields stale on a retry', () => {
    const store = streamingStore();
    store.apply([scalar('title', 'old')]);
    const { container } = render(LiveForm, { props: { output, store, schedule: 'sync' } as never });
    rejectAttempt(store);
    store.dispatch({ type: 'attempt', attempt: 1, format: 'json' });
    flushSync();
    expect(fieldOf(container, 'title').dataset.stale).toBe('true');
  });

  it('renders values through a renderValue snippet and adds the class', () => {
    const store = streamingStore();
    store.apply([scalar('title', 'Hi')]);
    const { container } = render(ValueAsCode, { props: { output, store } as never });
    expect(container.querySelector('.fs-live-form')?.className).toBe('fs-live-form extra');
    expect(container.querySelector('code[data-for="title"]')?.textContent).toBe('Hi');
  });

  it('a missing or non-object output is an ArgumentError naming the prop', () => {
    const store = streamingStore();
    for (const [component, name] of [
      [LiveForm, 'LiveForm output'],
      [FieldProgress, 'FieldProgress output'],
    ] as const) {
      let thrown: unknown;
      try {
        render(component, { props: { output: 'nope', store } as never });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ArgumentError);
      expect((thrown as ArgumentError).argument).toBe(name);
      cleanup();
    }
  });
});

describe('FieldProgress', () => {
  it('lists a row per field with its phase, and counts attempts from 1', () => {
    const store = streamingStore();
    const { container } = render(FieldProgress, { props: { output, store, schedule: 'sync' } as never });
    const rows = () =>
      [...container.querySelectorAll('.fs-progress-row')].map((row) => [
        row.getAttribute('data-path'),
        row.getAttribute('data-phase'),
      ]);
    expect(rows()).toEqual([
      ['title', 'pending'],
      ['tags', 'pending'],
      ['meta.score', 'pending'],
    ]);
    streamEach(store, 'title', 'Hi');
    store.apply([open('tags', 'array'), scalar('tags[0]', 'a')]);
    flushSync();
    expect(rows()).toEqual([
      ['title', 'streaming'],
      ['tags', 'streaming'],
      ['tags[0]', 'complete'],
      ['meta.score', 'pending'],
    ]);
    expect(container.querySelector('.fs-progress-row .fs-progress-path')?.textContent).toBe('title');
    rejectAttempt(store);
    store.dispatch({ type: 'attempt', attempt: 1, format: 'json' });
    flushSync();
    const status = container.querySelector('.fs-progress-status') as HTMLElement;
    expect(status.dataset.status).toBe('retrying');
    expect(status.textContent).toBe('retrying (attempt 2)');
    expect(container.querySelector('.fs-progress')?.getAttribute('aria-busy')).toBe('true');
  });
});

describe('FieldText and StreamAnnouncer', () => {
  it('FieldText renders markup as text, scalars via String and containers as JSON', () => {
    const { container, rerender } = render(FieldText, {
      props: { value: '<img src=x onerror=alert(1)>', class: 'big' } as never,
    });
    const span = container.querySelector('span') as HTMLElement;
    expect(span.className).toBe('fs-field-text big');
    expect(span.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
    rerender({ value: { a: [1] } } as never);
    flushSync();
    expect(span.textContent).toBe('{"a":[1]}');
  });

  it('StreamAnnouncer is a polite live region that speaks when the response ends', () => {
    const store = streamingStore();
    render(StreamAnnouncer, { props: { store, schedule: 'sync' } as never });
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.className).toBe('fs-announce');
    expect(region.textContent).toBe('');
    store.dispatch({ type: 'aborted', attempt: 0 });
    flushSync();
    expect(region.textContent).toBe('Answer stopped.');
  });
});

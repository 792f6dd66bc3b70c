import { createFieldStore, defineOutput } from '@fieldstream/core';
import { FieldProgress } from '@fieldstream/react';
import { act, render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createTestSource, open, partialText, rejectField, streamText } from './support/fixtures';
import { describeInModes } from './support/modes';

const output = defineOutput({
  summary: ['string'],
  score: ['integer'],
  tags: [['string']],
});

function rows(container: HTMLElement): [string | null, string | undefined][] {
  return [...container.querySelectorAll<HTMLElement>('.fs-progress-row')].map((row) => [
    row.getAttribute('data-path'),
    row.dataset.phase,
  ]);
}

describeInModes('<FieldProgress>', (mode) => {
  it('shows each field pending, streaming, complete, then confirmed, changed or removed', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const { container } = render(<FieldProgress output={output} store={store} schedule="sync" />, {
      wrapper: mode.wrapper,
    });
    expect(container.querySelector('.fs-progress-status')?.textContent).toBe('idle');
    expect(rows(container)).toEqual([
      ['summary', 'pending'],
      ['score', 'pending'],
      ['tags', 'pending'],
    ]);
    act(() => {
      source.attempt(0);
      source.patches(0, [
        ...streamText('summary', 'ok'),
        open('tags', 'array'),
        ...streamText('tags[0]', 'a'),
        ...partialText('tags[1]', 'b'),
      ]);
    });
    expect(rows(container)).toEqual([
      ['summary', 'complete'],
      ['score', 'pending'],
      ['tags', 'streaming'],
      ['tags[0]', 'complete'],
      ['tags[1]', 'streaming'],
    ]);
    act(() => source.attempt(1));
    // A retry shows `retrying` until the retried attempt's first patch.
    expect(container.querySelector('.fs-progress-status')?.textContent).toBe('retrying (attempt 2)');
    act(() => source.emit({ type: 'final', attempt: 1, data: { summary: 'ok', score: 3, tags: ['a'] } }));
    expect(container.querySelector('.fs-progress-status')?.getAttribute('data-status')).toBe('done');
    expect(rows(container)).toEqual([
      ['summary', 'confirmed'],
      ['score', 'changed'],
      ['tags', 'changed'],
      ['tags[0]', 'confirmed'],
      ['tags[1]', 'removed'],
    ]);
  });

  it('shows a field rejected by a field check as `rejected`, its reason as the title, until the retry rewrites it', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const { container } = render(<FieldProgress output={output} store={store} schedule="sync" />, {
      wrapper: mode.wrapper,
    });
    const summary = () => container.querySelector<HTMLElement>('.fs-progress-row[data-path="summary"]');
    act(() => {
      source.attempt(0);
      source.patches(0, [open('', 'object'), ...streamText('summary', 'too short')]);
    });
    expect(summary()?.dataset.phase).toBe('complete');
    act(() => rejectField(source, 'summary', 'Too short'));
    expect(summary()?.dataset.phase).toBe('rejected');
    expect(summary()?.title).toBe('Too short');
    expect(summary()?.querySelector('.fs-progress-phase')?.textContent).toBe('rejected');
    expect(summary()?.textContent).toBe('summary rejected');
    expect(container.querySelector('.fs-progress-status')?.textContent).toBe('retrying (attempt 2)');

    act(() => source.patches(1, [open('', 'object'), ...partialText('summary', 'long enough')]));
    expect([summary()?.dataset.phase, summary()?.title]).toEqual(['streaming', '']);
  });
});

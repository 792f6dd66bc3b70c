import { createFieldStore, defineOutput, TransportError } from '@fieldstream/core';
import { FieldProgress, LiveForm } from '@fieldstream/react';
import { act, render } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createTestSource, partialText, streamText } from './support/fixtures';
import { describeInModes } from './support/modes';

const output = defineOutput({ summary: ['string'], tags: [['string']] });

function regions(container: HTMLElement): { busy: (string | null)[]; announced: (string | null)[] } {
  const roots = [...container.querySelectorAll('.fs-live-form, .fs-progress')];
  return {
    busy: roots.map((root) => root.getAttribute('aria-busy')),
    announced: roots.map((root) => root.querySelector('[role="status"][aria-live="polite"]')?.textContent ?? null),
  };
}

describeInModes('streaming regions', (mode) => {
  it('are aria-busy while streaming and announce only the end, politely', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const { container } = render(
      <>
        <LiveForm output={output} store={store} schedule="sync" />
        <FieldProgress output={output} store={store} schedule="sync" />
      </>,
      { wrapper: mode.wrapper },
    );
    expect(regions(container)).toEqual({ busy: ['false', 'false'], announced: ['', ''] });
    act(() => {
      source.attempt(0);
      source.patches(0, [...streamText('summary', 'all good'), ...partialText('tags[0]', 'a')]);
    });
    // Deltas are not announced: the live regions stay empty while the fields fill in.
    expect(regions(container)).toEqual({ busy: ['true', 'true'], announced: ['', ''] });
    act(() => source.emit({ type: 'final', attempt: 0, data: { summary: 'all good', tags: ['a'] } }));
    expect(regions(container)).toEqual({
      busy: ['false', 'false'],
      announced: ['Answer complete.', 'Answer complete.'],
    });
  });

  it('announce a failure with its message', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const { container } = render(<LiveForm output={output} store={store} schedule="sync" />, {
      wrapper: mode.wrapper,
    });
    act(() => {
      source.attempt(0);
      source.emit({ type: 'error', attempt: 0, error: new TransportError('HTTP 501 Not Implemented', 501, '') });
    });
    expect(regions(container)).toEqual({
      busy: ['false'],
      announced: ['Answer failed: HTTP 501 Not Implemented'],
    });
  });
});

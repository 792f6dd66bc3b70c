// <LiveForm> and <FieldProgress> take every schema createResponse takes: a zod schema (with
// transforms, defaults, nullable, optional and enums) lays out its input side, what the model
// writes; the transformed output shows when the final data arrives. Anything else is an
// ArgumentError naming the prop, never a TypeError from inside the component.
import {
  ArgumentError,
  createFieldStore,
  createResponse,
  defineOutput,
  type FieldStore,
  type OutputSchema,
  SchemaError,
} from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { FieldProgress, LiveForm, useInstantField } from '@fieldstream/react';
import { act, render } from '@testing-library/react';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import type { ReactElement } from 'react';
import * as v from 'valibot';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { createTestSource, open, partialText, scalar, streamText } from './support/fixtures';
import { fieldAt, valueAt } from './support/form-queries';
import { describeInModes } from './support/modes';
import { Release } from './support/release-schema';

type ReleaseData = z.output<typeof Release>;
/** A store of the schema's output whose streamed values are its input, partial (what the hooks type). */
type ReleaseStore = FieldStore<ReleaseData, z.input<typeof Release>>;

const ANSWER = {
  title: 'Fieldstream 0.2',
  tags: 'alpha,beta,gamma',
  channel: 'beta',
  risk: null,
  changes: [{ area: 'react', ids: '12 4' }],
};

const FIELDS = ['title', 'tags', 'channel', 'reviewers', 'risk', 'notes'];

const fieldPaths = (container: HTMLElement) =>
  [...container.querySelectorAll('.fs-field')].map((element) => element.getAttribute('data-path'));
const progressRows = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('.fs-progress-row')].map((row) => [
    row.getAttribute('data-path'),
    row.dataset.phase,
  ]);

/** A custom field over the typed hook: the streamed text, then the transformed list. */
function Tags({ store }: { store: ReleaseStore }): ReactElement {
  const { value } = useInstantField(store, 'tags', { schedule: 'sync' });
  return (
    <p data-testid="tags">
      {value === undefined ? '' : typeof value === 'string' ? `typing: ${value}` : `tags: ${value.join(' | ')}`}
    </p>
  );
}

describeInModes('a zod schema in <LiveForm> and <FieldProgress>', (mode) => {
  it('lays the form out from the schema’s input side: transforms, defaults, nullable, optional, enums', () => {
    const store = createFieldStore();
    const { container } = render(<LiveForm output={Release} store={store} schedule="sync" />, {
      wrapper: mode.wrapper,
    });
    expect(fieldPaths(container)).toEqual(FIELDS);
    expect(container.querySelector('.fs-list')?.getAttribute('data-path')).toBe('changes');
    for (const path of FIELDS) expect(fieldAt(container, path).dataset.phase).toBe('pending');
  });

  it('shows the text the model writes while it streams, and the transformed output at the end', () => {
    const source = createTestSource();
    const store: ReleaseStore = createFieldStore<ReleaseData>(source);
    const { container, getByTestId } = render(
      <>
        <LiveForm output={Release} store={store} schedule="sync" />
        <Tags store={store} />
      </>,
      { wrapper: mode.wrapper },
    );
    act(() => {
      source.attempt(0);
      source.patches(0, [
        ...streamText('title', 'Fieldstream 0.2'),
        ...partialText('tags', 'alpha,b'),
        ...partialText('channel', 'be'),
        scalar('risk', null),
        open('changes', 'array'),
        open('changes[0]', 'object'),
        ...partialText('changes[0].ids', '12 '),
      ]);
    });
    expect(valueAt(container, 'tags')).toBe('alpha,b');
    expect(getByTestId('tags').textContent).toBe('typing: alpha,b');
    expect(valueAt(container, 'channel')).toBe('be');
    expect(valueAt(container, 'risk')).toBe('');
    expect(fieldAt(container, 'notes').dataset.phase).toBe('pending');
    expect(fieldAt(container, 'reviewers').dataset.phase).toBe('pending');
    expect(valueAt(container, 'changes[0].ids')).toBe('12 ');

    act(() => source.emit({ type: 'final', attempt: 0, data: Release.parse(ANSWER) }));
    expect(getByTestId('tags').textContent).toBe('tags: alpha | beta | gamma');
    expect(valueAt(container, 'tags')).toBe('["alpha","beta","gamma"]');
    expect(fieldAt(container, 'tags').dataset.reconciled).toBe('changed');
    // The default is filled in by the schema: the model never wrote it.
    expect(valueAt(container, 'reviewers')).toBe('1');
    expect(valueAt(container, 'channel')).toBe('beta');
    expect(valueAt(container, 'changes[0].ids')).toBe('[12,4]');
    expect(fieldAt(container, 'title').dataset.reconciled).toBe('confirmed');
  });

  it('lists the schema’s fields in <FieldProgress>, through to reconciliation', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const { container } = render(<FieldProgress output={Release} store={store} schedule="sync" />, {
      wrapper: mode.wrapper,
    });
    expect(progressRows(container)).toEqual([...FIELDS, 'changes'].map((path) => [path, 'pending']));
    act(() => {
      source.attempt(0);
      source.patches(0, [...streamText('title', 'Fieldstream 0.2'), ...partialText('tags', 'alpha')]);
    });
    expect(progressRows(container).slice(0, 2)).toEqual([
      ['title', 'complete'],
      ['tags', 'streaming'],
    ]);
    act(() => source.emit({ type: 'final', attempt: 0, data: Release.parse(ANSWER) }));
    expect(progressRows(container)).toEqual([
      ['title', 'confirmed'],
      ['tags', 'changed'],
      ['channel', 'changed'],
      ['reviewers', 'changed'],
      ['risk', 'changed'],
      ['notes', 'confirmed'],
      ['changes', 'changed'],
      ['changes[0].area', 'changed'],
      ['changes[0].ids', 'changed'],
    ]);
  });

  it('renders a real response: createResponse validates with the zod schema, the form shows its output', async () => {
    const response = createResponse({
      model: scriptedModel({ answers: [JSON.stringify(ANSWER)], chunkSize: 5 }),
      input: 'Write the release notes.',
      output: Release,
      format: 'json',
    });
    const store: ReleaseStore = createFieldStore(response);
    const { container, getByTestId } = render(
      <>
        <LiveForm output={Release} store={store} schedule="sync" />
        <Tags store={store} />
      </>,
      { wrapper: mode.wrapper },
    );
    await act(async () => {
      await response.getData();
    });
    expect(container.querySelector('.fs-live-form')?.getAttribute('data-status')).toBe('done');
    expect(getByTestId('tags').textContent).toBe('tags: alpha | beta | gamma');
    expect(valueAt(container, 'reviewers')).toBe('1');
    expect(valueAt(container, 'changes[0].ids')).toBe('[12,4]');
  });

  it('takes a definition, a JSON Schema document, a valibot and an arktype schema alike', () => {
    const outputs: OutputSchema[] = [
      defineOutput({ title: ['string'], tags: [['string']] }),
      { type: 'object', properties: { title: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } } },
      toStandardJsonSchema(v.object({ title: v.string(), tags: v.array(v.string()) })),
      type({ title: 'string', tags: 'string[]' }),
    ];
    for (const output of outputs) {
      const store = createFieldStore();
      const { container, unmount } = render(<LiveForm output={output} store={store} schedule="sync" />, {
        wrapper: mode.wrapper,
      });
      expect(fieldPaths(container)).toEqual(['title']);
      expect(container.querySelector('.fs-list')?.getAttribute('data-path')).toBe('tags');
      unmount();
    }
  });
});

describeInModes('an output that is not a schema', (mode) => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    // React reports the render error it rethrows; keep the output readable.
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  const store = createFieldStore();
  /** What `run` throws (`undefined` when it returns). */
  const thrownBy = (run: () => unknown): unknown => {
    try {
      run();
    } catch (error) {
      return error;
    }
    return undefined;
  };
  const renderWith = (component: 'LiveForm' | 'FieldProgress', output: unknown) => () =>
    render(
      component === 'LiveForm' ? (
        <LiveForm output={output as OutputSchema} store={store} />
      ) : (
        <FieldProgress output={output as OutputSchema} store={store} />
      ),
      { wrapper: mode.wrapper },
    );

  for (const component of ['LiveForm', 'FieldProgress'] as const) {
    it(`${component}: a missing or non-object output is an ArgumentError naming the prop`, () => {
      for (const output of [undefined, null, 42, 'string']) {
        const thrown = thrownBy(renderWith(component, output));
        expect(thrown).toBeInstanceOf(ArgumentError);
        expect((thrown as ArgumentError).argument).toBe(`${component} output`);
        expect((thrown as Error).message).toMatch(new RegExp(`^${component} output must be a defineOutput definition`));
      }
    });

    it(`${component}: an object that does not compile is an ArgumentError with the schema error as its cause`, () => {
      const thrown = thrownBy(renderWith(component, { summary: 'string' }));
      expect(thrown).toBeInstanceOf(ArgumentError);
      expect((thrown as ArgumentError).argument).toBe(`${component} output`);
      expect((thrown as Error).message).toContain('does not compile');
      expect((thrown as Error).cause).toBeInstanceOf(SchemaError);
    });

    it(`${component}: a schema whose JSON Schema export throws a value with no string form is an ArgumentError that says so`, () => {
      const schema = {
        '~standard': {
          version: 1,
          vendor: 'custom',
          validate: (value: unknown) => ({ value }),
          jsonSchema: {
            input() {
              throw Object.create(null);
            },
          },
        },
      };
      const thrown = thrownBy(renderWith(component, schema));
      expect(thrown).toBeInstanceOf(ArgumentError);
      expect((thrown as Error).message).toContain(
        'does not compile: Invalid output schema at (root): custom could not export JSON Schema: a value that cannot be read as text',
      );
      expect((thrown as Error).cause).toBeInstanceOf(SchemaError);
    });

    it(`${component}: what a schema object throws itself goes on as it was, never read`, () => {
      const own = Object.create(null);
      const schema = {
        get '~standard'() {
          throw own;
        },
      };
      const thrown = thrownBy(renderWith(component, schema));
      expect(thrown).toBe(own);
    });
  }
});

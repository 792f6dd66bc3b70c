// <fieldstream-field>: its own path only, once per frame, model text as text, typed errors.
import { ArgumentError, createFieldStore, type FieldState, PathSyntaxError } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { createTestSource, fakeFrames, mount, one, partialText, streamText } from './support/elements';

function fields(html: string): HTMLElementTagNameMap['fieldstream-field'][] {
  return [...mount(html).querySelectorAll('fieldstream-field')];
}

describe('<fieldstream-field>', () => {
  it('draws once per frame, only for its own path, and the end of the response at once', async () => {
    const frames = fakeFrames();
    const source = createTestSource();
    const store = createFieldStore(source);
    const drawn: Record<string, unknown[]> = { summary: [], title: [] };
    const container = mount('');
    for (const path of ['summary', 'title']) {
      // Properties set before the element connects: it draws once, when it does.
      const field = document.createElement('fieldstream-field');
      field.path = path;
      field.schedule = frames.schedule;
      field.renderValue = (state: FieldState) => {
        drawn[path]?.push(state.value);
        return String(state.value ?? '');
      };
      field.store = store;
      container.append(field);
    }
    expect(drawn).toEqual({ summary: [undefined], title: [undefined] });
    source.attempt(0);
    source.patches(0, partialText('summary', 'one two three', 4));
    await Promise.resolve();
    expect(drawn.summary).toEqual([undefined]);
    frames.next();
    await Promise.resolve();
    expect(drawn).toEqual({ summary: [undefined, 'one two three'], title: [undefined] });
    store.dispatch({ type: 'final', attempt: 0, data: { summary: 'one two three', title: 'T' } });
    await Promise.resolve();
    // The final data reconciles both fields (`confirmed`, `changed`): each draws once more.
    expect(drawn).toEqual({ summary: [undefined, 'one two three', 'one two three'], title: [undefined, 'T'] });
    expect(frames.waiting()).toBe(false);
  });

  it('shows model text as text: markup stays characters', async () => {
    const source = createTestSource();
    const [field] = fields('<fieldstream-field path="summary" schedule="sync"></fieldstream-field>');
    if (field === undefined) throw new Error('no field');
    field.store = createFieldStore(source);
    const text = '<img src=x onerror="alert(1)"><script>alert(2)</script>&amp;';
    source.attempt(0);
    source.patches(0, streamText('summary', text));
    await Promise.resolve();
    expect(one(field, '.fs-field-text').textContent).toBe(text);
    expect(field.querySelector('img, script')).toBeNull();
  });

  it('throws typed errors for a store that is none, a malformed path and an unknown schedule', () => {
    const [field] = fields('<fieldstream-field></fieldstream-field>');
    if (field === undefined) throw new Error('no field');
    expect(() => {
      field.store = { getState: () => ({}) } as never;
    }).toThrow(
      new ArgumentError(
        '<fieldstream-field> store',
        '<fieldstream-field> store must be a field store (createFieldStore), got an object',
      ),
    );
    expect(() => {
      field.path = 'items[';
    }).toThrow(PathSyntaxError);
    expect(field.hasAttribute('path')).toBe(false);
    expect(() => {
      field.schedule = 'later' as never;
    }).toThrow(ArgumentError);
    expect(() => {
      field.response = 42 as never;
    }).toThrow(ArgumentError);
  });
});

describe('<fieldstream-field path> attribute', () => {
  it('reports a malformed path where the browser reports errors, and draws nothing', async () => {
    const reported: unknown[] = [];
    const onError = (event: ErrorEvent): void => {
      reported.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    try {
      const [field] = fields('<fieldstream-field path="summary" schedule="sync"></fieldstream-field>');
      if (field === undefined) throw new Error('no field');
      field.store = createFieldStore(createTestSource());
      expect(field.querySelector('.fs-field')?.getAttribute('data-path')).toBe('summary');
      field.setAttribute('path', 'items[');
      expect(reported).toHaveLength(1);
      expect(reported[0]).toBeInstanceOf(PathSyntaxError);
      expect(field.children).toHaveLength(0);
    } finally {
      window.removeEventListener('error', onError);
    }
  });
});

// With `shadow`, an element draws into an open shadow root: the same markup, named parts for
// `::part()`, a slot for the form's children, and the default rules once
// `@fieldstream/elements/shadow-styles` is imported.
import { createFieldStore, defineOutput } from '@fieldstream/core';
import { expect, it } from 'vitest';
import { createTestSource, mount, one, streamText } from './support/elements';

// jsdom has no adopted stylesheets: here a shadow root keeps a copy of the list it is given, as a
// browser's does, so a root drawn before the styles entry ran gets them only if it is given them.
if (!('adoptedStyleSheets' in ShadowRoot.prototype)) {
  const adopted = new WeakMap<ShadowRoot, readonly CSSStyleSheet[]>();
  Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', {
    get(this: ShadowRoot): readonly CSSStyleSheet[] {
      return adopted.get(this) ?? [];
    },
    set(this: ShadowRoot, sheets: readonly CSSStyleSheet[]) {
      adopted.set(this, [...sheets]);
    },
  });
}

it('draws into an open shadow root with parts and a slot', async () => {
  const source = createTestSource();
  const store = createFieldStore(source);
  const container = mount('<fieldstream-form shadow schedule="sync"><p class="mine">mine</p></fieldstream-form>');
  const form = one<HTMLElementTagNameMap['fieldstream-form']>(container, 'fieldstream-form');
  form.output = defineOutput({ summary: ['string'], tags: [['string']] });
  form.store = store;
  source.attempt(0);
  source.patches(0, streamText('summary', 'inside'));
  await Promise.resolve();
  const root = form.shadowRoot as ShadowRoot;
  expect(root.mode).toBe('open');
  expect([...root.children].map((child) => child.localName)).toEqual(['div', 'slot']);
  // Nothing drawn in light DOM: the page's own children stay as they were.
  expect(form.innerHTML).toBe('<p class="mine">mine</p>');
  const parts = [...root.querySelectorAll('[part]')].map((node) => node.getAttribute('part'));
  expect(parts).toEqual([
    'form',
    'object',
    'field field-complete',
    'label',
    'value',
    'list',
    'group-label',
    'announcer',
  ]);
  expect(one(root, '.fs-field-text').textContent).toBe('inside');
});

it('names a field’s state in its parts, for ::part(field-stale) and the like', async () => {
  const source = createTestSource();
  const store = createFieldStore(source);
  const container = mount('<fieldstream-field shadow path="summary" schedule="sync"></fieldstream-field>');
  const field = one<HTMLElementTagNameMap['fieldstream-field']>(container, 'fieldstream-field');
  field.store = store;
  const drawn = (): string | null | undefined => field.shadowRoot?.querySelector('.fs-field')?.getAttribute('part');
  expect(drawn()).toBe('field field-pending');
  source.attempt(0);
  source.patches(0, streamText('summary', 'first'));
  source.attempt(1, 'validation failed');
  await Promise.resolve();
  expect(drawn()).toBe('field field-complete field-provisional field-stale');
});

it('adopts the default rules only with @fieldstream/elements/shadow-styles imported, in a root drawn before or after', async () => {
  const container = mount('<fieldstream-field shadow path="summary"></fieldstream-field>');
  const before = one(container, 'fieldstream-field').shadowRoot as ShadowRoot;
  expect([...before.adoptedStyleSheets]).toEqual([]);
  const light = mount('<fieldstream-field path="summary"></fieldstream-field>');
  await import('@fieldstream/elements/shadow-styles');
  const after = one(mount('<fieldstream-field shadow path="summary"></fieldstream-field>'), 'fieldstream-field')
    .shadowRoot as ShadowRoot;
  for (const root of [before, after]) {
    expect(root.adoptedStyleSheets).toHaveLength(1);
    const rules = [...(root.adoptedStyleSheets[0] as CSSStyleSheet).cssRules] as CSSStyleRule[];
    expect(rules.map((rule) => rule.selectorText)).toEqual([
      ':host',
      '.fs-announce',
      '.fs-live-form,.fs-progress',
      '.fs-field',
      '.fs-field>:only-child',
      '.fs-field-text',
      '.fs-field[data-phase=streaming] .fs-field-text::after',
      '.fs-field[data-stale=true] .fs-field-text',
      '.fs-progress ul',
      '.fs-progress-row',
    ]);
    expect(rules[0]?.cssText).toBe(':host { display: block; }');
  }
  // Light DOM stays the page's: no shadow root, no rules of the package's.
  expect(one(light, 'fieldstream-field').shadowRoot).toBeNull();
  expect(document.styleSheets).toHaveLength(0);
});

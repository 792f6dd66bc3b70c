// Model text renders as text: markup, entities and `javascript:` URLs in a value stay characters,
// and never become elements, attributes or links.
import { createFieldStore, defineOutput } from '@fieldstream/core';
import { describe, expect } from 'vitest';
import { open, streamText } from '../store/patches';
import type { SuiteContext } from './binding-driver';

/** Model text that would run code or inject markup if it were ever treated as HTML. */
const hostile: readonly string[] = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(document.cookie)</script>',
  '<svg onload=alert(1)><circle r="5"/></svg>',
  '<a href="javascript:alert(1)">click me</a>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '"><img src=x onerror=alert(1)>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<div style="position:fixed;inset:0" onclick="alert(1)">overlay</div>',
  '{{constructor.constructor("alert(1)")()}}',
  '<!--<img src=x onerror=alert(1)>-->',
];

const output = defineOutput({ note: ['string'], tags: [['string']] });

/** Tag names in document order, each with its attribute names: what the binding's own components create. */
const shape = (root: Element): string[] =>
  [...root.querySelectorAll('*')].map(
    (element) => `${element.tagName}[${element.getAttributeNames().sort().join(',')}]`,
  );

/** Nothing in `root` can run code or navigate. */
function expectInert(root: Element): void {
  expect(root.querySelectorAll('script, img, svg, iframe, a, style, math, object, embed')).toHaveLength(0);
  for (const element of root.querySelectorAll('*')) {
    for (const name of element.getAttributeNames()) {
      expect(name.startsWith('on'), `${element.tagName} has ${name}`).toBe(false);
      expect(['href', 'src', 'srcdoc', 'style', 'action', 'formaction']).not.toContain(name);
    }
  }
}

export function textCases({ driver, it }: SuiteContext): void {
  const { settle } = driver;

  describe('model text renders as inert text', () => {
    for (const text of hostile) {
      it(`a field keeps ${text} as its exact text`, async () => {
        const store = createFieldStore();
        const field = driver.mountField(store, 'note', { schedule: 'sync' });
        await settle(() => store.apply(streamText('note', text, 7)));
        const root = field.root();
        const values = root.querySelectorAll('.fs-field-text');
        expect(values).toHaveLength(1);
        expect(values[0]?.children).toHaveLength(0);
        expect(values[0]?.textContent).toBe(text);
        expect(root.textContent).toBe(text);
        expectInert(root);
      });

      it(`a form and a progress panel keep ${text} as text`, async () => {
        const render = async (value: string) => {
          const store = createFieldStore();
          const form = driver.mountForm(store, output, { schedule: 'sync' });
          const panel = driver.mountProgress(store, output, { schedule: 'sync' });
          await settle(() =>
            store.apply([...streamText('note', value, 7), open('tags', 'array'), ...streamText('tags[0]', value, 7)]),
          );
          const done = (): void => {
            form.unmount();
            panel.unmount();
          };
          return { form: form.root(), shapes: [...shape(form.root()), ...shape(panel.root())], done };
        };
        const benign = await render('plain words');
        const reference = benign.shapes;
        benign.done();
        const { form, shapes } = await render(text);
        expect(shapes).toEqual(reference);
        expectInert(form);
        expect([...form.querySelectorAll('.fs-field-text')].map((element) => element.textContent)).toEqual([
          text,
          text,
        ]);
      });
    }
  });
}

// What the elements' tests share: the elements defined once, a container per test, a hand-driven source.
import { defineFieldstreamElements } from '@fieldstream/elements';
import { afterEach } from 'vitest';

export { fakeFrames } from '../../../core/test/bindings/fake-frames';
export { partialText, scalar, streamText } from '../../../core/test/store/patches';
export { createTestSource, type TestSource } from '../../../core/test/store/test-source';

defineFieldstreamElements();

afterEach(() => {
  document.body.replaceChildren();
});

/** `html` parsed into a new container in the document; the elements in it upgrade as they connect. */
export function mount(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/** The one element matching `selector` in `root`, or a failed test. */
export function one<E extends Element = HTMLElement>(root: ParentNode, selector: string): E {
  const found = root.querySelector<E>(selector);
  if (found === null) throw new Error(`nothing matches ${selector}`);
  return found;
}

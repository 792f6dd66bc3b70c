// The custom elements' driver of the shared binding suite (packages/core/test/bindings/binding-suite.ts).
// Fields, forms and progress panels are the elements; the readers without an element of their own
// (status snapshot, final data, list, reasoning) are the `watch*` functions drawing into a div.
import { createFieldStore, type FieldState, type FieldStore, type ResponseSource } from '@fieldstream/core';
import { fieldText } from '@fieldstream/core/bindings';
import { watchFinalData, watchInstantList, watchReasoning, watchStreamStatus } from '@fieldstream/elements';
import {
  type BindingDriver,
  bindingSuite,
  type Mounted,
  type MountedDom,
  type ReaderOptions,
  type ResponseControls,
} from '../../core/test/bindings/binding-suite';
import { canonicalHtml } from './support/canonical-html';
import { mount } from './support/elements';

/** An element in its own container, its properties set (bad input throws from the setter). */
function mountElement<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  properties: Partial<HTMLElementTagNameMap[Tag]>,
): { container: HTMLElement; element: HTMLElementTagNameMap[Tag]; dom: MountedDom } {
  const container = mount('');
  const element = document.createElement(tag);
  container.append(element);
  try {
    Object.assign(element, properties);
  } catch (error) {
    container.remove();
    throw error;
  }
  return { container, element, dom: { root: () => container, unmount: () => container.remove() } };
}

/** A `watch*` reader drawing `text(value)` into a div, logging each value it drew. */
function mountWatcher<Value>(
  watch: (show: (value: Value) => void) => () => void,
  text: (value: Value) => string,
): Mounted<Value> {
  const container = mount('');
  const log: Value[] = [];
  const unwatch = watch((value) => {
    log.push(value);
    container.textContent = text(value);
  });
  return {
    root: () => container,
    unmount: () => {
      unwatch();
      container.remove();
    },
    rendered: () => log,
  };
}

const scheduled = (options: ReaderOptions | undefined): { schedule?: ReaderOptions['schedule'] } =>
  options?.schedule === undefined ? {} : { schedule: options.schedule };

const driver: BindingDriver = {
  mountField(store, path, options) {
    const log: FieldState[] = [];
    // The field element with a value drawn as FieldText draws it, logging each state it drew.
    const renderValue = (field: FieldState): Node => {
      log.push(field);
      const text = document.createElement('span');
      text.className = 'fs-field-text';
      text.textContent = fieldText(field.value);
      return text;
    };
    const { element, dom } = mountElement('fieldstream-field', { ...scheduled(options), renderValue });
    element.store = store;
    element.path = path;
    return { ...dom, rendered: () => log };
  },
  mountStatus: (store, options) =>
    mountWatcher(
      (show) => watchStreamStatus(store, show, options),
      (status) => status.status,
    ),
  mountFinal: (store, options) =>
    mountWatcher(
      (show) => watchFinalData(store, show, options),
      (final) => (final === undefined ? '' : JSON.stringify(final)),
    ),
  mountList: (store, pattern, options) =>
    mountWatcher(
      (show) => watchInstantList(store, pattern, show, options),
      (items) => items.map((item) => item.key).join(','),
    ),
  mountReasoning: (store, options) =>
    mountWatcher(
      (show) => watchReasoning(store, show, options),
      (reasoning) => reasoning,
    ),
  mountResponse(start, options = {}) {
    const { element, dom } = mountElement('fieldstream-status', { schedule: 'sync' });
    let key: { value: unknown } | undefined;
    const startWith = (args: unknown[]): void => {
      element.start = (signal: AbortSignal): ResponseSource => start(signal, ...args);
    };
    if ('startKey' in options && options.startKey !== undefined) {
      key = { value: options.startKey };
      startWith([]);
    }
    // Before the first start, an idle store, as React's handle has (the element itself shows idle).
    const idle = createFieldStore();
    const handle = (): ResponseControls => ({
      store: (element.store ?? idle) as FieldStore,
      response: element.response,
      start: (...args) => {
        startWith(args);
        return element.store as FieldStore;
      },
      abort: () => element.abort(),
    });
    return {
      ...dom,
      // An element that leaves the document aborts its response at the end of the task (a move
      // within the task keeps it; lifecycle.test.ts shows both): the suite checks at once.
      unmount: () => {
        dom.unmount();
        element.abort();
      },
      handle,
      setStartKey: async (startKey) => {
        if (key !== undefined && Object.is(key.value, startKey)) return;
        key = { value: startKey };
        if (startKey !== undefined) startWith([]);
      },
    };
  },
  mountForm: (store, output, options) => mountElement('fieldstream-form', { ...scheduled(options), output, store }).dom,
  mountProgress: (store, output, options) =>
    mountElement('fieldstream-progress', { ...scheduled(options), output, store }).dom,
  async renderIdleToString(store, output) {
    // Custom elements have no server renderer: the idle markup they draw, as a page would serve it.
    const form = mountElement('fieldstream-form', { output, store });
    const progress = mountElement('fieldstream-progress', { output, store });
    const html = [form, progress].map(({ element }) => canonicalHtml(element)).join('');
    form.dom.unmount();
    progress.dom.unmount();
    return html;
  },
  async settle(change) {
    // A change may be async (the model's time advancing): wait for it, as React's `act` does.
    await (change?.() as unknown);
    // The elements draw at the end of the task (a microtask); notifications a draw's read caused
    // wait one more, and their draws one after that.
    for (let turn = 0; turn < 3; turn++) await Promise.resolve();
  },
};

bindingSuite('elements', driver);

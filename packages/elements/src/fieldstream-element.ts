import { createFieldStore, type FieldStore, type ResponseSource, type Schedule } from '@fieldstream/core';
import {
  checkFieldStore,
  checkFunction,
  checkResponseSource,
  checkSchedule,
  type ResponseRun,
  startResponseRun,
} from '@fieldstream/core/bindings';
import { shadowStyleSheets } from './shadow-style-sheets';
import { FIELDSTREAM_TAGS } from './tags';
import type { StoreBinding } from './watch-field-store';

/** What an element drew: its nodes, and the subscriptions to close when it draws again or leaves. */
export type Rendering = { readonly nodes: readonly Node[]; close(): void };

/** Starts a response for an element: `start(signal)` must honour `signal` (as `createResponse` does). */
export type StartResponse = (signal: AbortSignal) => ResponseSource;

// Importing the classes on a server (no DOM) must not throw: the elements are defined only in a browser.
const ElementBase: typeof HTMLElement = globalThis.HTMLElement ?? (class {} as typeof HTMLElement);

/**
 * What every Fieldstream element shares: where its store comes from (`store`, `response`, `start`,
 * or the enclosing `<fieldstream-form>`), its `schedule`, light or shadow DOM, and its life cycle:
 * it subscribes when connected and unsubscribes when disconnected.
 */
export abstract class FieldstreamElement extends ElementBase {
  static observedAttributes: readonly string[] = ['schedule'];

  #store: FieldStore<unknown> | undefined;
  #responseRun: ResponseRun<unknown> | undefined;
  #start: StartResponse | undefined;
  #run: ResponseRun<unknown> | undefined;
  #schedule: Schedule | undefined;
  #rendering: Rendering | undefined;

  /**
   * The store shown: the one set here, else the store bound to `response`, else the running
   * `start`'s, else the enclosing `<fieldstream-form>`'s. Setting anything but a field store throws
   * an `ArgumentError`.
   */
  get store(): FieldStore<unknown> | undefined {
    const form = this.parentElement?.closest(FIELDSTREAM_TAGS.form);
    return this.#ownStore() ?? (form instanceof FieldstreamElement ? form.store : undefined);
  }
  set store(store: FieldStore<unknown> | undefined) {
    if (store !== undefined) checkFieldStore(`<${this.localName}> store`, store);
    this.#store = store;
    this.refresh();
  }

  /**
   * The response shown: one set here, or the one `start` started. Setting a response started
   * elsewhere binds a store of its own to it (and starts a lazy one); that response stays the
   * caller's: the element never aborts it.
   */
  get response(): ResponseSource | undefined {
    return (this.#responseRun ?? this.#run)?.response;
  }
  set response(response: ResponseSource | undefined) {
    if (response !== undefined) checkResponseSource(`<${this.localName}> response`, response);
    // The store bound to the response before stops following it (the response itself goes on).
    this.#responseRun?.store.detach();
    this.#responseRun = response && startResponseRun(() => response, NO_RESUME);
    this.refresh();
  }

  /**
   * Starts a response when the element is connected, and again whenever `start` is set (React's
   * `startKey`): the element owns it, and aborts it when `start` changes, on `abort()`, and when the
   * element leaves the document (not when it is only moved).
   */
  get start(): StartResponse | undefined {
    return this.#start;
  }
  set start(start: StartResponse | undefined) {
    if (start !== undefined) checkFunction(`<${this.localName}> start`, start);
    this.#stopRun();
    this.#start = start;
    this.refresh();
  }

  /** Aborts the response `start` started: it reports `aborted`, and its store applies nothing more. */
  abort(): void {
    this.#run?.stop(false);
  }

  /** When the element hears about changes: `'frame'` (default, the `schedule` attribute too), `'sync'` or a scheduler function. */
  get schedule(): Schedule | undefined {
    return this.#schedule ?? (this.getAttribute('schedule') as Schedule | null) ?? undefined;
  }
  set schedule(schedule: Schedule | undefined) {
    checkSchedule(`<${this.localName}> schedule`, schedule);
    this.#schedule = schedule;
    this.refresh();
  }

  /**
   * Renders into an open shadow root instead of the element's own children (the `shadow`
   * attribute). Read when the element first renders: a shadow root, once attached, stays.
   */
  get shadow(): boolean {
    return this.hasAttribute('shadow');
  }
  set shadow(shadow: boolean) {
    this.toggleAttribute('shadow', shadow);
  }

  connectedCallback(): void {
    // A property set on the element before it was defined is an own property hiding the class's
    // setter: set it again through the setter. (The element keeps its own state in private fields.)
    const own = this as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(this)) {
      if (name in Object.getPrototypeOf(this)) {
        delete own[name];
        own[name] = value;
      }
    }
    this.refresh();
  }

  disconnectedCallback(): void {
    this.#rendering?.close();
    this.#rendering = undefined;
    // A move disconnects and connects in one task: only an element still out of the document aborts.
    queueMicrotask(() => {
      if (!this.isConnected) this.#stopRun();
    });
  }

  attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
    if (previous !== next) this.refresh();
  }

  /** Draws the element again from its store (when connected); its earlier subscriptions close first. */
  protected refresh(): void {
    if (!this.isConnected) return;
    // A connected element runs its `start` (once: until it changes or the element leaves).
    if (this.#start !== undefined) this.#run ??= startResponseRun(this.#start, NO_RESUME);
    this.#rendering?.close();
    this.#rendering = undefined;
    // No store yet: an idle one, so the element shows what it will show before a response starts.
    idleStore ??= createFieldStore();
    try {
      this.#rendering = this.render({ store: this.store ?? idleStore, schedule: this.schedule });
    } finally {
      // Bad input (a malformed path attribute): nothing drawn, and the error goes to its writer.
      this.#place(this.#rendering?.nodes ?? []);
    }
    // The elements inside a form that have no store of their own show the form's.
    if (this.localName !== FIELDSTREAM_TAGS.form) return;
    for (const nested of this.querySelectorAll('*')) {
      if (nested instanceof FieldstreamElement && nested.#ownStore() === undefined) nested.refresh();
    }
  }

  /** What the element draws for `binding`. */
  protected abstract render(binding: StoreBinding): Rendering;

  /** Light DOM: the drawn nodes go before the element's own children (a form's fields stay). */
  #placed: readonly Node[] = [];
  #place(nodes: readonly Node[]): void {
    let root = this.shadowRoot;
    if (root === null && this.shadow) {
      root = this.attachShadow({ mode: 'open' });
      // The default rules only with `@fieldstream/elements/shadow-styles` imported (the list is copied).
      root.adoptedStyleSheets = shadowStyleSheets;
      root.append(document.createElement('slot'));
    }
    for (const node of this.#placed) node.parentNode?.removeChild(node);
    this.#placed = nodes;
    // In a shadow root, that is before its slot (the element's own children), its only other child.
    (root ?? this).prepend(...nodes);
  }

  #ownStore(): FieldStore<unknown> | undefined {
    return this.#store ?? (this.#responseRun ?? this.#run)?.store;
  }

  #stopRun(): void {
    const run = this.#run;
    this.#run = undefined;
    run?.stop(true);
  }
}

const NO_RESUME = { store: {}, resume: undefined, attach: undefined };

let idleStore: FieldStore<unknown> | undefined;

// The driver a binding writes to run the shared binding suite (binding-suite.ts, which re-exports
// everything here): what each method mounts and renders, and how the suite moves time. This is the
// one file a binding author needs to read; the cases in this folder assert exact text, attributes,
// values and render counts against it, as packages/react/test does for React.
import type {
  FieldState,
  FieldStore,
  FieldStoreState,
  ListItem,
  OutputNode,
  OutputSchema,
  ResponseSource,
  Schedule,
} from '@fieldstream/core';

/** What `useStreamStatus` returns (React's `StatusSnapshot`). */
export type StatusSnapshot = Pick<FieldStoreState, 'status' | 'attempt' | 'error' | 'retry' | 'reconnecting'>;

/** Options the suite passes to a reader: the binding's own `schedule` option, as React's hooks take it. */
export type ReaderOptions = { schedule?: Schedule };

/** A schema as `LiveForm` and `FieldProgress` take it (their `output` prop). */
export type FormOutput = OutputSchema | { readonly root: OutputNode };

/** Something the driver mounted: its DOM, and a way to take it down. */
export interface MountedDom {
  /**
   * The container the driver mounted the component in (for custom elements: the container holding
   * the element). The suite reads its `textContent`, which must be exactly what the method's doc
   * says the component renders (no labels or whitespace around it), and queries it by the CSS hooks
   * (`.fs-field[data-path="…"]`). The suite's queries do not cross a shadow root: custom elements
   * render into light DOM for the suite.
   */
  root(): HTMLElement;
  /** Unmounts the component (a framework's unmount; removing the element). The suite calls it at most once. */
  unmount(): void;
}

/** A mounted reader: its DOM plus the value of every render, in order. */
export interface Mounted<Value> extends MountedDom {
  /**
   * The value the reader returned in each render the framework committed to the DOM, in order: one
   * entry for the mount, then one per update (React: one per commit, counted in a layout effect,
   * so `<StrictMode>`'s double render counts once; Vue: one per run of the render function;
   * Svelte: one per run of an `$effect.pre` reading the value; elements: one per DOM update). The
   * suite counts renders with it (`rendered().length`) and checks what each showed.
   */
  rendered(): readonly Value[];
}

/** What `mountResponse`'s component exposes of its `useResponse` handle. */
export interface ResponseControls {
  /** The current response's store (an idle, empty store before the first start). */
  store: FieldStore;
  /** The current response, as `start` returned it (`undefined` before the first). */
  response: ResponseSource | undefined;
  /** The handle's `start(...args)`: aborts the running response, starts a new one, returns its store. */
  start(...args: unknown[]): FieldStore;
  /** The handle's `abort()`. */
  abort(): void;
}

/** A mounted `useResponse` component. */
export interface MountedResponse extends MountedDom {
  /** The handle as the component's latest render had it (read again after each change: the store changes on start). */
  handle(): ResponseControls;
  /** Re-renders the component with a new `startKey` option, and resolves once the framework has rendered it. */
  setStartKey(startKey: unknown): Promise<void>;
}

/**
 * How the suite drives one binding. Each `mount*` mounts one component into its own container in
 * `document.body` and renders synchronously enough that `rendered()` has the mount's entry when it
 * returns (call the framework's synchronous flush if it has one: React's `act`, Svelte's
 * `flushSync`; Vue's `mount` renders synchronously). Bad input (a non-store, a malformed path or
 * list pattern, a schema that is no schema) must make `mount*` THROW the binding's error
 * synchronously, as React's render does: capture an error the framework reports elsewhere (Vue's
 * `app.config.errorHandler`, an element's property setter) and rethrow it from `mount*`.
 *
 * Every `mount*` passes `options.schedule` (when given) to the binding's `schedule` option
 * unchanged: the suite drives time through it (a fake frame scheduler, `'sync'`, or nothing for the
 * default `'frame'` schedule with vitest's fake `requestAnimationFrame`). The suite unmounts what
 * it mounted after each test.
 */
export interface BindingDriver {
  /**
   * A component reading `useInstantField(store, path, options)` and rendering the binding's
   * `FieldText` with the field's value (React: `<FieldText value={field.value} />`, so the root's
   * content is `<span class="fs-field-text">…</span>`). `rendered()` holds the field state of each
   * render. A path computed at run time: pass `path as DynamicPath` (or the binding's equivalent).
   */
  mountField(store: FieldStore, path: string, options?: ReaderOptions): Mounted<FieldState>;
  /** A component reading `useStreamStatus(store, options)`, rendering its `status` as text. */
  mountStatus(store: FieldStore, options?: ReaderOptions): Mounted<StatusSnapshot>;
  /** A component reading `useFinalData(store, options)`, rendering `JSON.stringify(final)` (nothing while `undefined`). */
  mountFinal(store: FieldStore, options?: ReaderOptions): Mounted<unknown>;
  /** A component reading `useInstantList(store, pattern, options)`, rendering the items' keys joined by `,`. */
  mountList(store: FieldStore, pattern: string, options?: ReaderOptions): Mounted<readonly ListItem[]>;
  /** A component reading `useReasoning(store, options)`, rendering the reasoning text. */
  mountReasoning(store: FieldStore, options?: ReaderOptions): Mounted<string>;
  /**
   * A component calling `useResponse(start, { startKey })` (no `startKey` key when `options` has
   * none: starting on demand) and rendering `useStreamStatus(handle.store, { schedule: 'sync' })`'s
   * `status` as text. `start` is called as the binding calls it: `start(signal, ...args)`.
   */
  mountResponse(
    start: (signal: AbortSignal, ...args: unknown[]) => ResponseSource,
    options?: { startKey?: unknown },
  ): MountedResponse;
  /** The binding's `LiveForm` with these props (`output`, `store`, `schedule`). */
  mountForm(store: FieldStore, output: FormOutput, options?: ReaderOptions): MountedDom;
  /** The binding's `FieldProgress` with these props (`output`, `store`, `schedule`). */
  mountProgress(store: FieldStore, output: FormOutput, options?: ReaderOptions): MountedDom;
  /**
   * The framework's server renderer (React's `renderToString`, `@vue/server-renderer`'s
   * `renderToString`, `svelte/server`'s `render`, the elements' own string rendering or a
   * declarative shadow DOM) over one tree holding the binding's `LiveForm` then `FieldProgress`
   * for `store` (idle) and `output`. Resolves to the HTML; hydration markers (comments) are fine.
   */
  renderIdleToString(store: FieldStore, output: FormOutput): Promise<string>;
  /**
   * Runs `change` (store updates, a fake frame; nothing if omitted), awaits what it returns, and
   * resolves once the framework has rendered everything it caused: React
   * `await act(async () => { await change?.() })`; Vue `await change?.()` then `await nextTick()`;
   * Svelte `await change?.()` then `flushSync()`; elements the same, then whatever their update
   * awaits. It must not advance timers or frames itself.
   */
  settle(change?: () => unknown): Promise<void>;
}

/** What each group of cases receives: the tracked driver, and `it` (vitest's, or `it.fails` for a known failure). */
export type SuiteContext = {
  driver: BindingDriver;
  it: (title: string, body: () => Promise<void> | void) => void;
};

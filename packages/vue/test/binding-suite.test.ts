// Vue's driver of the shared binding suite (packages/core/test/bindings/binding-suite.ts).
import type { DynamicPath, FieldStore, ResponseSource } from '@fieldstream/core';
import {
  FieldProgress,
  FieldText,
  LiveForm,
  useFinalData,
  useInstantField,
  useInstantList,
  useReasoning,
  useResponse,
  useStreamStatus,
} from '@fieldstream/vue';
import { createSSRApp, defineComponent, h, nextTick, type Ref, type VNodeChild } from 'vue';
import { renderToString } from 'vue/server-renderer';
import {
  type BindingDriver,
  bindingSuite,
  type Mounted,
  type MountedDom,
  type ResponseControls,
} from '../../core/test/bindings/binding-suite';
import { mountComponent } from './support/mount';

/** A component whose setup calls `use()` and whose render shows `show(value)`, logging each render's value. */
function mountReader<Value>(use: () => Readonly<Ref<Value>>, show: (value: Value) => VNodeChild): Mounted<Value> {
  const log: Value[] = [];
  const Reader = defineComponent(() => {
    const value = use();
    return () => {
      log.push(value.value);
      return show(value.value);
    };
  });
  return { ...mountComponent(Reader), rendered: () => log };
}

const mountDom = (component: Parameters<typeof mountComponent>[0], props: Record<string, unknown>): MountedDom => {
  const { root, unmount } = mountComponent(component, props);
  return { root, unmount };
};

/** `useResponse` showing its store's status; hands its handle out on setup. */
const Response = defineComponent(
  (props: {
    start: (signal: AbortSignal, ...args: unknown[]) => ResponseSource;
    keyed: boolean;
    startKey: unknown;
    expose: (handle: () => ResponseControls) => void;
  }) => {
    const response = useResponse(
      (signal: AbortSignal, ...args: unknown[]): ResponseSource => props.start(signal, ...args),
      props.keyed ? { startKey: () => props.startKey } : {},
    );
    props.expose(() => ({
      store: response.store.value as FieldStore,
      response: response.response.value,
      start: (...args: unknown[]) => response.start(...(args as [])) as FieldStore,
      abort: response.abort,
    }));
    const status = useStreamStatus(response.store, { schedule: 'sync' });
    return () => status.value.status;
  },
  { props: ['start', 'keyed', 'startKey', 'expose'] },
);

const driver: BindingDriver = {
  mountField: (store, path, options) =>
    mountReader(
      () => useInstantField(store, path as DynamicPath, options),
      (field) => h(FieldText, { value: field.value }),
    ),
  mountStatus: (store, options) =>
    mountReader(
      () => useStreamStatus(store, options),
      (status) => status.status,
    ),
  mountFinal: (store, options) =>
    mountReader(
      () => useFinalData(store, options),
      (final) => (final === undefined ? null : JSON.stringify(final)),
    ),
  mountList: (store, pattern, options) =>
    mountReader(
      () => useInstantList(store, pattern as DynamicPath, options),
      (items) => items.map((item) => item.key).join(','),
    ),
  mountReasoning: (store, options) =>
    mountReader(
      () => useReasoning(store, options),
      (text) => text,
    ),
  mountResponse(start, options = {}) {
    let handle: (() => ResponseControls) | undefined;
    const mounted = mountComponent(Response, {
      start,
      keyed: 'startKey' in options,
      startKey: options.startKey,
      expose: (current: () => ResponseControls) => {
        handle = current;
      },
    });
    return {
      root: mounted.root,
      unmount: mounted.unmount,
      handle: () => (handle as () => ResponseControls)(),
      setStartKey: async (startKey) => {
        await mounted.rerender({ startKey });
        await nextTick();
      },
    };
  },
  mountForm: (store, output, options) => mountDom(LiveForm, { output, store, ...options }),
  mountProgress: (store, output, options) => mountDom(FieldProgress, { output, store, ...options }),
  renderIdleToString: (store, output) =>
    renderToString(
      createSSRApp({ render: () => [h(LiveForm, { output, store }), h(FieldProgress, { output, store })] }),
    ),
  settle: async (change) => {
    await change?.();
    await nextTick();
  },
};

bindingSuite('vue', driver);

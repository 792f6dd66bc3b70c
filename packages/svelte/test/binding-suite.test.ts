// Svelte's driver of the shared binding suite (packages/core/test/bindings/binding-suite.ts).
import type { DynamicPath, FieldStore } from '@fieldstream/core';
import { type Component, flushSync, mount, unmount } from 'svelte';
import { afterAll } from 'vitest';
import {
  type BindingDriver,
  bindingSuite,
  type Mounted,
  type MountedDom,
  type ResponseControls,
} from '../../core/test/bindings/binding-suite';
import {
  FieldProgress,
  finalData,
  instantField,
  instantList,
  LiveForm,
  type Reader,
  reasoning,
  streamStatus,
} from '../src/index.js';
import DriverReader from './support/DriverReader.svelte';
import DriverResponse from './support/DriverResponse.svelte';
import { closeServerRenderer, renderIdleTree } from './support/server-render';

afterAll(closeServerRenderer);

// The components' prop types are generic; the driver mounts each with props it builds.
type AnyComponent = Component<Record<string, unknown>>;

/**
 * The error as a production build throws it: Svelte's development build appends the component
 * stack to the message of an error thrown while a component mounts.
 */
function withoutComponentStack(error: unknown): unknown {
  if (error instanceof Error) error.message = error.message.replace(/\n(\n\s*in [^\n]*)+\n$/, '');
  return error;
}

/** Mounts `component` into its own container in `document.body` and runs its effects. */
function mountDom(component: unknown, props: Record<string, unknown>): MountedDom & { instance: object } {
  const target = document.body.appendChild(document.createElement('div'));
  let instance: object;
  try {
    instance = mount(component as AnyComponent, { target, props });
    flushSync();
  } catch (error) {
    target.remove();
    throw withoutComponentStack(error);
  }
  return {
    instance,
    root: () => target,
    unmount: () => {
      unmount(instance);
      target.remove();
    },
  };
}

function mountReader<Value>(reader: Reader<Value>, show: (value: Value) => string, field = false): Mounted<Value> {
  const log: Value[] = [];
  const { root, unmount } = mountDom(DriverReader, { reader, log, show, field });
  return { root, unmount, rendered: () => log };
}

const driver: BindingDriver = {
  mountField: (store, path, options) => mountReader(instantField(store, path as DynamicPath, options), String, true),
  mountStatus: (store, options) => mountReader(streamStatus(store, options), (status) => status.status),
  mountFinal: (store, options) =>
    mountReader(finalData(store, options), (final) => (final === undefined ? '' : JSON.stringify(final))),
  mountList: (store, pattern, options) =>
    mountReader(instantList(store, pattern as DynamicPath, options), (items) =>
      items.map((item) => item.key).join(','),
    ),
  mountReasoning: (store, options) => mountReader(reasoning(store, options), (text) => text),
  mountResponse(start, options = {}) {
    let handle: ResponseControls | undefined;
    let setKey: (key: unknown) => void = () => {};
    const expose = (current: ResponseControls, setStartKey: (key: unknown) => void): void => {
      handle = current;
      setKey = setStartKey;
    };
    const props = { start, keyed: 'startKey' in options, startKey: options.startKey, expose };
    const { root, unmount } = mountDom(DriverResponse, props);
    return {
      root,
      unmount,
      handle: () => handle as ResponseControls,
      setStartKey: async (startKey) => {
        setKey(startKey);
        flushSync();
      },
    };
  },
  mountForm: (store, output, options) => mountDom(LiveForm, { store, output, schedule: options?.schedule }),
  mountProgress: (store, output, options) => mountDom(FieldProgress, { store, output, schedule: options?.schedule }),
  renderIdleToString: (store: FieldStore, output) => renderIdleTree(store, output),
  settle: async (change) => {
    await change?.();
    flushSync();
  },
};

bindingSuite('svelte', driver);

// React's driver of the shared binding suite (packages/core/test/bindings/binding-suite.ts), run
// plain and inside <StrictMode>.
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
} from '@fieldstream/react';
import { act, render } from '@testing-library/react';
import { type ReactElement, type ReactNode, useLayoutEffect, useRef } from 'react';
import { renderToString } from 'react-dom/server';
import {
  type BindingDriver,
  bindingSuite,
  type Mounted,
  type MountedDom,
  type ResponseControls,
} from '../../core/test/bindings/binding-suite';
import { renderModes } from './support/modes';

/**
 * Pushes the value each commit showed: a layout effect runs once per commit, except StrictMode's
 * mount, which runs it twice for one render (the render's token tells them apart).
 */
function Shown<Value>({ value, log, children }: { value: Value; log: Value[]; children: ReactNode }): ReactNode {
  const token = {};
  const logged = useRef<object | undefined>(undefined);
  useLayoutEffect(() => {
    if (logged.current === token) return;
    logged.current = token;
    log.push(value);
  });
  return children;
}

/** A component whose render reads `read()` and shows `show(value)`, logging each commit's value. */
function Reader<Value>(props: { read: () => Value; show: (value: Value) => ReactNode; log: Value[] }): ReactNode {
  const value = props.read();
  return (
    <Shown value={value} log={props.log}>
      {props.show(value)}
    </Shown>
  );
}

type ResponseProps = {
  start: (signal: AbortSignal, ...args: unknown[]) => ResponseSource;
  /** Whether `useResponse` gets a `startKey` option at all. */
  keyed: boolean;
  startKey: unknown;
  expose: (handle: ResponseControls) => void;
};

/** `useResponse` showing its store's status; hands its handle out on each render. */
function Response({ start, keyed, startKey, expose }: ResponseProps): ReactNode {
  const response = useResponse(
    (signal: AbortSignal, ...args: unknown[]): ResponseSource => start(signal, ...args),
    keyed ? { startKey } : {},
  );
  expose(response as ResponseControls);
  return useStreamStatus(response.store as FieldStore, { schedule: 'sync' }).status;
}

function driverFor(wrapper: (typeof renderModes)[number]['wrapper']): BindingDriver {
  const mountDom = (element: ReactElement): MountedDom => {
    const view = render(element, { wrapper });
    return { root: () => view.container, unmount: () => view.unmount() };
  };
  const mountReader = <Value,>(read: () => Value, show: (value: Value) => ReactNode): Mounted<Value> => {
    const log: Value[] = [];
    return { ...mountDom(<Reader read={read} show={show} log={log} />), rendered: () => log };
  };
  return {
    mountField: (store, path, options) =>
      mountReader(
        () => useInstantField(store, path as DynamicPath, options),
        (field) => <FieldText value={field.value} />,
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
      let handle: ResponseControls | undefined;
      const expose = (current: ResponseControls): void => {
        handle = current;
      };
      const element = (startKey: unknown): ReactElement => (
        <Response start={start} keyed={'startKey' in options} startKey={startKey} expose={expose} />
      );
      const view = render(element(options.startKey), { wrapper });
      return {
        root: () => view.container,
        unmount: () => view.unmount(),
        handle: () => handle as ResponseControls,
        setStartKey: async (startKey) => {
          await act(async () => view.rerender(element(startKey)));
        },
      };
    },
    mountForm: (store, output, options) => mountDom(<LiveForm output={output} store={store} {...options} />),
    mountProgress: (store, output, options) => mountDom(<FieldProgress output={output} store={store} {...options} />),
    renderIdleToString: async (store, output) =>
      renderToString(
        <>
          <LiveForm output={output} store={store} />
          <FieldProgress output={output} store={store} />
        </>,
      ),
    settle: async (change) => {
      await act(async () => {
        await change?.();
      });
    },
  };
}

for (const mode of renderModes) bindingSuite(`react (${mode.name})`, driverFor(mode.wrapper));

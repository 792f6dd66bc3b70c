// The suite's view of a driver: every mount is recorded and unmounted after its test, so a case
// that fails half-way leaves no component subscribed to a later case's stores.
import { afterEach } from 'vitest';
import type { BindingDriver, MountedDom } from './binding-driver';

type MountMethod = {
  [Key in keyof BindingDriver]: BindingDriver[Key] extends (...args: never[]) => MountedDom ? Key : never;
}[keyof BindingDriver];

const MOUNTS: readonly MountMethod[] = [
  'mountField',
  'mountStatus',
  'mountFinal',
  'mountList',
  'mountReasoning',
  'mountResponse',
  'mountForm',
  'mountProgress',
];

/** `driver` with each `mount*` tracked; registers the `afterEach` that unmounts what is still mounted. */
export function trackMounts(driver: BindingDriver): BindingDriver {
  const mounted = new Set<() => void>();
  afterEach(() => {
    const left = [...mounted];
    mounted.clear();
    for (const unmount of left) unmount();
  });
  const tracked: BindingDriver = { ...driver };
  for (const method of MOUNTS) {
    const mount = driver[method].bind(driver) as (...args: unknown[]) => MountedDom;
    const wrapped = (...args: unknown[]): MountedDom => {
      const result = mount(...args);
      let unmounted = false;
      const unmount = (): void => {
        if (unmounted) return;
        unmounted = true;
        mounted.delete(unmount);
        result.unmount();
      };
      mounted.add(unmount);
      // The driver's own object stays the prototype, so its other methods keep their `this`.
      return Object.assign(Object.create(result) as MountedDom, { unmount });
    };
    Object.assign(tracked, { [method]: wrapped });
  }
  return tracked;
}

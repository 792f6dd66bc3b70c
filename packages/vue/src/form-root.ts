import type { FieldStore, OutputNode, OutputSchema, Schedule } from '@fieldstream/core';
import { outputRoot, type StatusSnapshot } from '@fieldstream/core/bindings';
import { type ComputedRef, computed, provide, type Ref } from 'vue';
import { type LiveFormContext, liveFormKey } from './live-form-context';
import { useStreamStatus } from './use-stream-status';

/** The props `LiveForm` and `FieldProgress` share. */
export type FormProps<Data> = {
  /**
   * The schema laid out: every schema `createResponse` takes (a `defineOutput` definition, a zod /
   * valibot / arktype Standard JSON Schema, a JSON Schema document). A Standard Schema lays out its
   * input side, what the model writes. A compiled tree (`{ root }`) is laid out as it is. Anything
   * else throws an `ArgumentError` naming the prop.
   */
  output: OutputSchema | { readonly root: OutputNode };
  store: FieldStore<Data>;
  /** When fields hear about changes; default `'frame'`. */
  schedule?: Schedule | undefined;
};

/**
 * The setup of a form or a progress panel (`where`: `LiveForm output`): its schema compiled now, so
 * a schema that is no schema throws from setup; the context its field components inject; the status.
 */
export function useFormRoot<Data>(
  where: string,
  props: FormProps<Data>,
  renderValue: LiveFormContext['renderValue'],
): { root: ComputedRef<OutputNode>; status: Readonly<Ref<StatusSnapshot>> } {
  const root = computed(() => outputRoot(where, props.output));
  root.value;
  provide(liveFormKey, {
    store: () => props.store as FieldStore<unknown>,
    schedule: () => props.schedule,
    renderValue,
  });
  const status = useStreamStatus(
    () => props.store,
    () => ({ schedule: props.schedule }),
  );
  return { root, status };
}

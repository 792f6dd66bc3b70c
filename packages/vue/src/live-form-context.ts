import type { FieldState, FieldStore, Schedule } from '@fieldstream/core';
import { type InjectionKey, inject, type VNode } from 'vue';

/** What every field component of a generated form or progress panel shares: getters of the parent's props. */
export type LiveFormContext = {
  store: () => FieldStore<unknown>;
  schedule: () => Schedule | undefined;
  /** The form's `value` slot, when it has one. */
  renderValue: ((scope: { field: FieldState; path: string }) => VNode[]) | undefined;
};

export const liveFormKey: InjectionKey<LiveFormContext> = Symbol('fieldstream live form');

export function useLiveFormContext(): LiveFormContext {
  const context = inject(liveFormKey, undefined);
  if (context === undefined) throw new Error('A live form field was rendered outside <LiveForm> or <FieldProgress>');
  return context;
}

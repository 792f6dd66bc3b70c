import type { FieldState, FieldStore, Schedule } from '@fieldstream/core';
import { createContext, type Snippet } from 'svelte';

/** What every field component of a generated form or progress panel shares; its getters follow the props. */
export type LiveFormContext = {
  readonly store: FieldStore<unknown>;
  readonly schedule: Schedule | undefined;
  readonly renderValue: Snippet<[FieldState, string]> | undefined;
};

const [getContext, setContext] = createContext<LiveFormContext>();

export const setLiveFormContext = setContext;

export function getLiveFormContext(): LiveFormContext {
  // createContext's getter throws a bare error where there is none; this one says where it belongs.
  try {
    return getContext();
  } catch {
    throw new Error('A live form field was rendered outside <LiveForm> or <FieldProgress>');
  }
}

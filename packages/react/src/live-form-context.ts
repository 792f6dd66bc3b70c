import type { FieldState, FieldStore, Schedule } from '@fieldstream/core';
import { createContext, type ReactNode, useContext } from 'react';

/** What every field component of a generated form or progress panel shares. */
export type LiveFormContextValue = {
  store: FieldStore<unknown>;
  schedule: Schedule | undefined;
  renderValue: ((field: FieldState, path: string) => ReactNode) | undefined;
};

export const LiveFormContext = createContext<LiveFormContextValue | undefined>(undefined);

export function useLiveFormContext(): LiveFormContextValue {
  const value = useContext(LiveFormContext);
  if (value === undefined) throw new Error('A live form field was rendered outside <LiveForm> or <FieldProgress>');
  return value;
}

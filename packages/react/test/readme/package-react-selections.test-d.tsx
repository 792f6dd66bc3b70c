// packages/react/README.md, "Your own selections and schedules", verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import type { FieldStore, FieldStoreState } from '@fieldstream/core';
import { useFieldStore, useStreamStatus } from '@fieldstream/react';

// A stable selector (module level) and an equality that ignores unchanged lengths.
const selectReasoningLength = (state: FieldStoreState<unknown>) => state.reasoning.length;
const sameLength = (a: number, b: number) => a === b;
// Deliver updates at most every 100 ms instead of every frame.
const every100ms = (flush: () => void) => {
  const id = setTimeout(flush, 100);
  return () => clearTimeout(id);
};

function Counter({ store }: { store: FieldStore<unknown> }) {
  const length = useFieldStore(store, selectReasoningLength, { equals: sameLength, schedule: every100ms });
  const { status } = useStreamStatus(store, { throwOnError: true }); // an error boundary shows the failure
  return <p>{length} characters of reasoning ({status})</p>;
}

export { Counter };
expectTypeOf(selectReasoningLength).returns.toEqualTypeOf<number>();

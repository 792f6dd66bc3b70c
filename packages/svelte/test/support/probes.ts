// Mounts reader probes and counts how often each one's effect read its reader again.
import { render } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import type { Reader } from '../../src/reader.js';
import ReaderProbe from './ReaderProbe.svelte';

export type Probe<Value> = { readonly seen: Value[]; unmount(): void };

/** Mounts one probe of `reader`; `seen` holds what each run of its effect read. */
export function probe<Value>(reader: Reader<Value>): Probe<Value> {
  const seen: Value[] = [];
  const { unmount } = render(ReaderProbe, { props: { reader, seen } });
  flushSync();
  return { seen, unmount };
}

/** Runs `change`, then Svelte's pending effects, as a browser task would before it paints. */
export function settle(change: () => void = () => {}): void {
  change();
  flushSync();
}

import type { StreamingData } from '../../src/patch/streaming-data';

/** Per path: its deltas joined, its last value, and whether it completed (what a store keeps). */
export function byPath(patches: readonly StreamingData[]) {
  const out = new Map<string, { text: string; value: unknown; done: boolean }>();
  for (const patch of patches) {
    const entry = out.get(patch.path) ?? { text: '', value: undefined, done: false };
    out.set(patch.path, { text: entry.text + patch.delta, value: patch.value, done: entry.done || patch.is_complete });
  }
  return out;
}

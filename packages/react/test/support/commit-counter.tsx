// Counts commits per name: a layout effect without deps runs once per commit that rendered the
// component (StrictMode double-invokes renders, not update effects), so counts are mode-independent
// once the mount is past.
import { type ReactNode, useLayoutEffect } from 'react';

export type CommitCounts = Map<string, number>;

export function Counted({ counts, name, children }: { counts: CommitCounts; name: string; children?: ReactNode }) {
  useLayoutEffect(() => {
    counts.set(name, (counts.get(name) ?? 0) + 1);
  });
  return children;
}

export const countOf = (counts: CommitCounts, name: string): number => counts.get(name) ?? 0;

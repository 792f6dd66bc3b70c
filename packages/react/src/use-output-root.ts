import type { OutputNode } from '@fieldstream/core';
import { outputRoot } from '@fieldstream/core/bindings';
import { useMemo } from 'react';

/**
 * The compiled tree a component lays out from its `output` (core's `outputRoot`), compiled once
 * per schema object. Anything else is an `ArgumentError` naming the prop (`where`, e.g. `LiveForm output`).
 */
export function useOutputRoot(where: string, output: unknown): OutputNode {
  return useMemo(() => outputRoot(where, output), [where, output]);
}

import type { FieldStore } from '@fieldstream/core';
import { type StatusSnapshot, sameStreamStatus, selectStreamStatus } from '@fieldstream/core/bindings';
import { type Reader, type ReaderOptions, storeReader } from './reader.js';

/**
 * The response's status, attempt, error and latest retry (React's `useStreamStatus`); `current`
 * keeps its object until one of them changes.
 */
export function streamStatus<Data>(store: FieldStore<Data>, options: ReaderOptions = {}): Reader<StatusSnapshot> {
  return storeReader('streamStatus', store, selectStreamStatus, { ...options, equals: sameStreamStatus }, undefined);
}

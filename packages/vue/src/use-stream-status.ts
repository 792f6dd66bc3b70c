import { type StatusSnapshot, sameStreamStatus, selectStreamStatus } from '@fieldstream/core/bindings';
import { computed, type MaybeRefOrGetter, type Ref, toValue } from 'vue';
import { type ComposableOptions, type StoreSource, useStoreSelection } from './use-field-store';

export type { RetryInfo, StatusSnapshot } from '@fieldstream/core/bindings';

/**
 * The response's status, attempt, error, latest retry and reconnection as a read-only ref; it
 * changes only when one of them changes.
 */
export function useStreamStatus<Data>(
  store: StoreSource<Data>,
  options: MaybeRefOrGetter<ComposableOptions> = {},
): Readonly<Ref<StatusSnapshot>> {
  const withEquals = computed(() => ({ ...toValue(options), equals: sameStreamStatus }));
  return useStoreSelection('useStreamStatus', store, selectStreamStatus, withEquals, () => undefined);
}

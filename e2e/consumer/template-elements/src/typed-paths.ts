// Compile-time checks only (tsc reads every file in src/; the page never imports this one): the tag
// names give the element classes, and the published declarations carry the schema's types from
// defineOutput through a store to each path a reader watches.
import { createFieldStore } from '@fieldstream/core';
import { type FieldstreamForm, watchInstantField } from '@fieldstream/elements';
import { askIncident } from './incident.js';

export function watchTypedPaths(signal: AbortSignal, show: (summary: string | null | undefined) => void): () => void {
  const form: FieldstreamForm | null = document.querySelector('fieldstream-form');
  form?.abort();
  const store = createFieldStore(askIncident(signal));
  // @ts-expect-error a path the schema does not have is a compile error
  watchInstantField(store, 'status_sumary', () => {});
  return watchInstantField(store, 'status_summary', (field) => show(field.value));
}

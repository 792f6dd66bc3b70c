import { type FieldStore, fieldPhase, type Path } from '@fieldstream/core';
import { FieldText, useInstantField } from '@fieldstream/react';
import type { ReactElement } from 'react';

/** One streamed path as text, with its phase (pending, streaming, complete, confirmed…) as a data attribute. */
export function LiveValue<Data>({
  store,
  path,
  testId,
  placeholder = '…',
}: {
  store: FieldStore<Data>;
  path: Path<Data>;
  testId?: string;
  placeholder?: string;
}): ReactElement {
  const field = useInstantField(store, path);
  const phase = fieldPhase(field);
  return (
    <span className="kit-live-value" data-testid={testId} data-phase={phase} data-stale={field.stale}>
      {field.value === undefined ? <span className="muted">{placeholder}</span> : <FieldText value={field.value} />}
    </span>
  );
}

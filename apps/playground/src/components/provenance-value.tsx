import type { FieldState } from '@fieldstream/core';
import { FieldText } from '@fieldstream/react';
import type { ReactElement } from 'react';
import { attemptLabel } from './attempt-number';

/** A field's value with how it completed and which attempt wrote it (a `LiveForm` `renderValue`). */
export function ProvenanceValue({ field }: { field: FieldState }): ReactElement {
  const source = field.completionSource ?? (field.value === undefined ? 'pending' : 'streaming');
  return (
    <>
      <FieldText value={field.value} />
      <span className="provenance" data-testid="provenance" data-source={source}>
        {source}
        {field.attempt === undefined ? '' : ` · ${attemptLabel(field.attempt)}`}
        {field.stale ? ' · stale' : ''}
        {field.reconciled === undefined ? '' : ` · ${field.reconciled}`}
      </span>
    </>
  );
}

export const renderProvenance = (field: FieldState): ReactElement => <ProvenanceValue field={field} />;

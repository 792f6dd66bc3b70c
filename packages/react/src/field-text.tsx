import type { ReactElement } from 'react';

/** Renders model text as text: React escapes it, so markup in the text stays inert. */
export function FieldText({ value }: { value: unknown }): ReactElement {
  return <span className="fs-field-text">{value === undefined || value === null ? '' : String(value)}</span>;
}

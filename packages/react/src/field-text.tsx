import type { ReactElement } from 'react';

export type FieldTextProps = {
  /** Any streamed value: strings as they are, other scalars via `String`, containers as JSON. */
  value: unknown;
  className?: string;
};

/**
 * Renders model text as text. React escapes it, so markup, entities and `javascript:` URLs in the
 * text stay inert characters: this component never sets HTML and never makes a link.
 */
export function FieldText({ value, className }: FieldTextProps): ReactElement {
  return (
    <span className={className === undefined ? 'fs-field-text' : `fs-field-text ${className}`}>{textOf(value)}</span>
  );
}

/** The text a value is shown as. `undefined` and `null` show as nothing. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

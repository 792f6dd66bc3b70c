import { fieldText } from '@fieldstream/core/bindings';
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
    <span className={className === undefined ? 'fs-field-text' : `fs-field-text ${className}`}>{fieldText(value)}</span>
  );
}

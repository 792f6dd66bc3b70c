import type { ReactElement } from 'react';

export type NumberFieldProps = {
  label: string;
  testId: string;
  value: number;
  min: number;
  max?: number;
  /** `any` accepts fractions; without it the browser steps by whole numbers. */
  step?: 'any';
  onChange(value: number): void;
};

/** A number input inside its label that reports values clamped to [min, max]; `min` for anything not a number. */
export function NumberField({ label, testId, value, min, max, step, onChange }: NumberFieldProps): ReactElement {
  return (
    <label>
      {label}
      <input
        data-testid={testId}
        type="number"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => {
          const typed = Number(event.target.value) || min;
          onChange(Math.max(min, max === undefined ? typed : Math.min(max, typed)));
        }}
      />
    </label>
  );
}

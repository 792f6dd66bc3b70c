import type { ReactElement } from 'react';

/** One choice of a `LabelledSelect`: the value it sets and the text it shows. */
export type SelectOption<T extends string> = { value: T; text: string };

/** Options that show their own value. */
export function plainOptions<T extends string>(values: readonly T[]): SelectOption<T>[] {
  return values.map((value) => ({ value, text: value }));
}

export type LabelledSelectProps<T extends string> = {
  label: string;
  testId: string;
  value: T;
  /** The choices, in the order they are offered. */
  options: readonly SelectOption<T>[];
  onChange(value: T): void;
  disabled?: boolean;
};

/** A `<select>` inside its label. */
export function LabelledSelect<T extends string>({
  label,
  testId,
  value,
  options,
  onChange,
  disabled,
}: LabelledSelectProps<T>): ReactElement {
  return (
    <label>
      {label}
      <select
        data-testid={testId}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const picked = options.find((option) => option.value === event.target.value);
          if (picked !== undefined) onChange(picked.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </label>
  );
}

import type { ReactElement } from 'react';

/** A labelled checkbox. */
export function Toggle({
  testId,
  checked,
  onChange,
  label,
}: {
  testId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}): ReactElement {
  return (
    <label>
      <input
        type="checkbox"
        data-testid={testId}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />{' '}
      {label}
    </label>
  );
}

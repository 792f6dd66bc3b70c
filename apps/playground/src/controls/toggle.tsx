import type { ReactElement } from 'react';

/** A labelled checkbox: box and text on one line (`label.toggle`; a plain `.controls label` stacks). */
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
    <label className="toggle">
      <input
        type="checkbox"
        data-testid={testId}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

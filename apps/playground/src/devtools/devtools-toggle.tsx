import { type ReactElement, useState } from 'react';
import { closeDevtools, devtoolsWanted, openDevtools } from './devtools-dock';

/** The header's button that shows or hides the devtools panel (loaded the first time it is shown). */
export function DevtoolsToggle(): ReactElement {
  const [open, setOpen] = useState(devtoolsWanted);
  return (
    <button
      type="button"
      className="devtools-toggle"
      aria-pressed={open}
      data-testid="devtools-toggle"
      onClick={() => {
        if (open) closeDevtools();
        else void openDevtools();
        setOpen(!open);
      }}
    >
      Devtools
    </button>
  );
}

import type { ReactElement, ReactNode } from 'react';

export type RunFormProps = {
  /** The `data-testid`s of the form and of its two buttons. */
  testIds: { form: string; start: string; abort: string };
  /** The Start button's text. */
  startLabel: string;
  /** A run is streaming (Abort is enabled). */
  running: boolean;
  onStart(): void;
  onAbort(): void;
  noValidate?: boolean;
  /** The fields, above the buttons. */
  children: ReactNode;
};

/** A page's run controls: its fields, then Start (submits the form) and Abort. */
export function RunForm({
  testIds,
  startLabel,
  running,
  onStart,
  onAbort,
  noValidate,
  children,
}: RunFormProps): ReactElement {
  return (
    <form
      className="controls"
      data-testid={testIds.form}
      noValidate={noValidate}
      onSubmit={(event) => {
        event.preventDefault();
        onStart();
      }}
    >
      {children}
      <div className="buttons">
        <button type="submit" data-testid={testIds.start}>
          {startLabel}
        </button>
        <button type="button" data-testid={testIds.abort} disabled={!running} onClick={onAbort}>
          Abort
        </button>
      </div>
    </form>
  );
}

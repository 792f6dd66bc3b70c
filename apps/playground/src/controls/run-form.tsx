import type { ReactElement, ReactNode } from 'react';

/** What Start and Abort do, and whether a run is streaming (Abort is enabled). */
export type RunActions = { running: boolean; onStart(): void; onAbort(): void };

/** A controls component's props: the settings it edits, and the run they start. */
export type SettingsControlsProps<S> = RunActions & { settings: S; onChange(settings: S): void };

export type RunFormProps = RunActions & {
  /** The `data-testid`s of the form and of its two buttons. */
  testIds: { form: string; start: string; abort: string };
  /** The Start button's text. */
  startLabel: string;
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

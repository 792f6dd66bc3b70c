/** A field's phase in the panel: the store's phases, plus a field check's rejection and staleness. */
export type FieldPhaseName = 'open' | 'streaming' | 'done' | 'confirmed' | 'changed' | 'removed' | 'rejected' | 'stale';

/** One change of a field: when, in which attempt, the phase it entered, the delta and the value after it. */
export type FieldStep = {
  readonly at: number;
  readonly attempt: number;
  readonly phase: FieldPhaseName;
  /** The text the patch appended (`''` for none). */
  readonly delta: string;
  /** The value after the patch, as text (see `displayValue`). */
  readonly value: string;
  /** Why: a completion source, a rejection's reason. */
  readonly note?: string;
};

/** The most steps a field keeps: later ones are counted, not kept (a long answer has many deltas). */
export const MAX_STEPS = 500;

/** Everything the panel knows about one path of a run. */
export type FieldHistory = {
  readonly path: string;
  phase: FieldPhaseName;
  /** The attempt that last wrote it. */
  attempt: number;
  /** The value as the reader holds it; `undefined` for a container the panel does not rebuild. */
  value: unknown;
  /** The path's deltas in this attempt, joined (a string's value, or the JSON a scalar spells). */
  spelled: string;
  /** When the path first streamed, and when it was last done. */
  openedAt: number;
  doneAt: number | undefined;
  readonly steps: FieldStep[];
  /** Steps past {@link MAX_STEPS}, counted only. */
  dropped: number;
  /** The phases it went through, in order, each run of one phase once (kept past {@link MAX_STEPS} too). */
  readonly phases: FieldPhaseName[];
};

/** Appends a step, or counts it once the field holds {@link MAX_STEPS}. */
export function addStep(field: FieldHistory, step: FieldStep): void {
  field.phase = step.phase;
  if (field.phases.at(-1) !== step.phase) field.phases.push(step.phase);
  if (field.steps.length < MAX_STEPS) field.steps.push(step);
  else field.dropped += 1;
}

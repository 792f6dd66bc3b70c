/** A view of one run, kept while it is on screen and brought up to date once per drawn frame. */
export type RunView = {
  readonly node: HTMLElement;
  /** Brings the view up to what its run has read so far, touching only what changed. */
  update(): void;
};

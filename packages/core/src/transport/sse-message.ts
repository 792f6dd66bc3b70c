/** One dispatched server-sent event. */
export type SSEMessage = {
  /** The event type: the last `event:` field of the block, or `'message'` when there was none. */
  event: string;
  /** The `data:` lines of the block, joined by `\n`. */
  data: string;
  /** The last event ID in force when the event was dispatched (`''` when none was ever set). */
  id: string;
};

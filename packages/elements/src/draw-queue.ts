/**
 * Draws waiting for the end of the task: a store view's listeners only queue their draw here, and
 * one microtask runs them all, as a framework renders after the notifications of a task. So a
 * task that changes a store several times (a retry and the retried attempt's start) draws once,
 * and a draw's read is a render (outside the listeners), which shows a held `retrying`.
 */
const waiting = new Set<() => void>();

function drawAll(): void {
  // A draw that queues another (a list adding an item's field) runs it in this same pass.
  for (const draw of waiting) {
    waiting.delete(draw);
    draw();
  }
}

/** Queues `draw` for the end of this task (once, however often it is queued). */
export function queueDraw(draw: () => void): void {
  if (waiting.size === 0) queueMicrotask(drawAll);
  waiting.add(draw);
}

/** Takes `draw` out of the queue (its element went away). */
export function cancelDraw(draw: () => void): void {
  waiting.delete(draw);
}

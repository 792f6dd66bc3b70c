import { serializeRecording } from '@fieldstream/core/recording';
import { pathLabel } from './display-value';
import { element, table } from './dom';
import type { PanelRun } from './panel-run';
import type { RunView } from './run-view';
import type { StoreFrames } from './store-frames';
import { MAX_ROWS } from './timeline-view';

/**
 * The run's figures: characters and patches (and per second), time to the first field, duration,
 * wire bytes, each field's `done` time and each attached store's updates per frame. Redrawn whole
 * on update (a few dozen elements); the wire bytes are measured once the recording is done, since
 * serializing a long recording every frame would cost the page more than the figure is worth.
 */
export class FiguresView implements RunView {
  readonly node = element('div', 'fsd-figures');
  readonly #run: PanelRun;
  readonly #stores: readonly StoreFrames[];
  #wireBytes: number | undefined;

  constructor(run: PanelRun, stores: readonly StoreFrames[]) {
    this.#run = run;
    this.#stores = stores;
    this.update();
  }

  update(): void {
    const { timeline } = this.#run;
    const seconds = timeline.lastAt / 1000;
    const rate = (count: number): string => (seconds > 0 ? (count / seconds).toFixed(1) : '—');
    if (!this.#run.live) this.#wireBytes ??= new TextEncoder().encode(serializeRecording(this.#run.recording())).length;
    const figures: [string, string][] = [
      ['characters', String(timeline.characters)],
      ['characters per second', rate(timeline.characters)],
      ['patches', String(timeline.patches)],
      ['patches per second', rate(timeline.patches)],
      ['time to the first field', timeline.firstPatchAt === undefined ? '—' : `${timeline.firstPatchAt} ms`],
      ['duration', `${timeline.lastAt} ms`],
      ['wire bytes', this.#wireBytes === undefined ? 'once the run ends' : String(this.#wireBytes)],
    ];
    for (const store of this.#stores)
      figures.push([`store updates per frame (${store.label})`, perFrame(store.frames)]);
    const list = element('dl', 'fsd-figure-list');
    for (const [name, value] of figures) list.append(element('dt', '', name), element('dd', '', value));
    const done = [...timeline.fields.values()].filter((field) => field.doneAt !== undefined).slice(0, MAX_ROWS);
    const rows = done.map((field) => [pathLabel(field.path), `${field.doneAt} ms`]);
    this.node.replaceChildren(
      element('h3', '', 'Figures'),
      list,
      table("Time to each field's done", ['path', 'done'], rows),
    );
  }
}

/** `max 3, mean 1.5 over 4 frames`, or `—` before the first update. */
function perFrame(frames: readonly number[]): string {
  if (frames.length === 0) return '—';
  const total = frames.reduce((sum, count) => sum + count, 0);
  return `max ${Math.max(...frames)}, mean ${(total / frames.length).toFixed(1)} over ${frames.length} frames`;
}

import { serializeRecording } from '@fieldstream/core/recording';
import { pathLabel } from './display-value';
import { element, table, tableRow } from './dom';
import type { FieldHistory } from './field-history';
import type { PanelRun } from './panel-run';
import type { RunView } from './run-view';
import type { StoreFrames } from './store-frames';
import { MAX_ROWS } from './timeline-view';

/**
 * The run's figures: characters and patches (and per second), time to the first field, duration,
 * wire bytes, each field's `done` time and each attached store's updates per frame. Kept in place:
 * an update rewrites only the figures whose text changed and adds a row for each field newly
 * done. The wire bytes are measured once the recording is done, since serializing a long
 * recording on every draw would cost the page more than the figure is worth.
 */
export class FiguresView implements RunView {
  readonly node = element('div', 'fsd-figures');
  readonly #run: PanelRun;
  readonly #stores: readonly StoreFrames[];
  readonly #list = element('dl', 'fsd-figure-list');
  /** Each figure's value element, by the figure's name. */
  readonly #values = new Map<string, HTMLElement>();
  readonly #doneRows: HTMLTableSectionElement;
  /** Each done field's row and the `done` cell's text. */
  readonly #doneCells = new Map<FieldHistory, { row: HTMLTableRowElement; cell: HTMLTableCellElement }>();
  #wireBytes: number | undefined;

  constructor(run: PanelRun, stores: readonly StoreFrames[]) {
    this.#run = run;
    this.#stores = stores;
    const done = table("Time to each field's done", ['path', 'done'], []);
    this.#doneRows = done.tBodies[0] ?? done.createTBody();
    this.node.append(element('h3', '', 'Figures'), this.#list, done);
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
    for (const [name, value] of figures) this.#showFigure(name, value);
    this.#showDone(timeline.fields.values());
  }

  #showFigure(name: string, value: string): void {
    let shown = this.#values.get(name);
    if (shown === undefined) {
      shown = element('dd');
      this.#values.set(name, shown);
      this.#list.append(element('dt', '', name), shown);
    }
    setText(shown, value);
  }

  /** The first {@link MAX_ROWS} done fields, in the order they first streamed, each in its own row. */
  #showDone(fields: Iterable<FieldHistory>): void {
    let listed = 0;
    let previous: HTMLTableRowElement | undefined;
    for (const field of fields) {
      let shown = this.#doneCells.get(field);
      if (field.doneAt === undefined || listed >= MAX_ROWS) {
        shown?.row.remove();
        this.#doneCells.delete(field);
        continue;
      }
      listed += 1;
      if (shown === undefined) {
        const row = tableRow([pathLabel(field.path), '']);
        shown = { row, cell: row.cells[1] as HTMLTableCellElement };
        this.#doneCells.set(field, shown);
        if (previous === undefined) this.#doneRows.prepend(row);
        else previous.after(row);
      }
      setText(shown.cell, `${field.doneAt} ms`);
      previous = shown.row;
    }
  }
}

/** Sets `text` only when it differs: an unchanged figure leaves the browser nothing to lay out. */
function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/** `max 3, mean 1.5 over 4 frames`, or `—` before the first update. */
function perFrame(frames: readonly number[]): string {
  if (frames.length === 0) return '—';
  const total = frames.reduce((sum, count) => sum + count, 0);
  return `max ${Math.max(...frames)}, mean ${(total / frames.length).toFixed(1)} over ${frames.length} frames`;
}

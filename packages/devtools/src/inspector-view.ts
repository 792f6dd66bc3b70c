import { pathLabel } from './display-value';
import { element, sinceStart, table, tableRow } from './dom';
import type { FieldStep } from './field-history';
import type { PanelRun } from './panel-run';
import type { RunView } from './run-view';
import { MAX_ROWS } from './timeline-view';

/**
 * The field inspector: a path picked from the run's fields, and its steps over time (each delta,
 * the value after it, the phase it entered and why). The picker keeps its element (and the focus)
 * while new paths are added to it; the steps' table is built when another field is picked, and
 * gains the new steps' rows as its field streams (a field's steps only grow).
 */
export class InspectorView implements RunView {
  readonly node = element('div', 'fsd-inspector');
  readonly #run: PanelRun;
  readonly #select = element('select', 'fsd-path');
  readonly #steps = element('div', 'fsd-steps');
  #picked: string | undefined;
  /** The path the steps' table shows, its rows' body and note, and the steps counted in them. */
  #shownPath: string | undefined;
  #shownSteps = -1;
  #stepRows: HTMLTableSectionElement | undefined;
  readonly #hiddenSteps = element('p', 'fsd-note');

  constructor(run: PanelRun, picked: string | undefined, onPick: (path: string) => void) {
    this.#run = run;
    this.#picked = picked;
    const label = element('label', 'fsd-control', 'Field ');
    label.append(this.#select);
    this.#select.addEventListener('change', () => {
      this.#picked = this.#select.value;
      onPick(this.#picked);
      this.update();
    });
    this.node.append(element('h3', '', 'Field inspector'), label, this.#steps);
    this.update();
  }

  update(): void {
    const { fields } = this.#run.timeline;
    let index = 0;
    for (const path of fields.keys()) {
      if (index >= MAX_ROWS) break;
      if (index >= this.#select.options.length) {
        const option = element('option', '', pathLabel(path));
        option.value = path;
        this.#select.append(option);
      }
      index += 1;
    }
    const paths = [...this.#select.options].map((option) => option.value);
    const path =
      this.#picked !== undefined && fields.has(this.#picked)
        ? this.#picked
        : (paths.find((one) => one !== '') ?? paths[0]);
    if (path !== undefined && this.#select.value !== path) this.#select.value = path;
    const field = path === undefined ? undefined : fields.get(path);
    const steps = field === undefined ? 0 : field.steps.length + field.dropped;
    if (path === this.#shownPath && steps === this.#shownSteps && this.#steps.firstChild !== null) return;
    this.#picked = path;
    if (field === undefined) {
      this.#shownPath = path;
      this.#shownSteps = steps;
      this.#stepRows = undefined;
      this.#steps.replaceChildren(element('p', 'fsd-note', 'No field has streamed yet.'));
      return;
    }
    let rows = this.#stepRows;
    if (path !== this.#shownPath || rows === undefined) {
      const columns = ['time', 'attempt', 'phase', 'delta', 'value', 'note'];
      const stepTable = table(`Steps of ${pathLabel(field.path)}`, columns, []);
      rows = stepTable.tBodies[0] ?? stepTable.createTBody();
      this.#stepRows = rows;
      this.#steps.replaceChildren(stepTable, this.#hiddenSteps);
    }
    this.#shownPath = path;
    this.#shownSteps = steps;
    for (const step of field.steps.slice(rows.rows.length, MAX_ROWS)) rows.append(tableRow(stepCells(step)));
    const hidden = field.steps.length - rows.rows.length + field.dropped;
    this.#hiddenSteps.textContent = hidden > 0 ? `${hidden} more steps not shown` : '';
  }
}

function stepCells(step: FieldStep): string[] {
  return [sinceStart(step.at), String(step.attempt), step.phase, step.delta, step.value, step.note ?? ''];
}

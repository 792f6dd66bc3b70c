import { pathLabel } from './display-value';
import { element, sinceStart, table } from './dom';
import type { PanelRun } from './panel-run';
import type { RunView } from './run-view';
import { MAX_ROWS } from './timeline-view';

/**
 * The field inspector: a path picked from the run's fields, and its steps over time (each delta,
 * the value after it, the phase it entered and why). The picker keeps its element (and the focus)
 * while new paths are added to it; the steps' table is redrawn when the picked field changed.
 */
export class InspectorView implements RunView {
  readonly node = element('div', 'fsd-inspector');
  readonly #run: PanelRun;
  readonly #select = element('select', 'fsd-path');
  readonly #steps = element('div', 'fsd-steps');
  #picked: string | undefined;
  /** The path and step count the steps' table shows. */
  #shownPath: string | undefined;
  #shownSteps = -1;

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
    this.#shownPath = path;
    this.#shownSteps = steps;
    if (field === undefined) {
      this.#steps.replaceChildren(element('p', 'fsd-note', 'No field has streamed yet.'));
      return;
    }
    const rows = field.steps
      .slice(0, MAX_ROWS)
      .map((step) => [sinceStart(step.at), String(step.attempt), step.phase, step.delta, step.value, step.note ?? '']);
    const columns = ['time', 'attempt', 'phase', 'delta', 'value', 'note'];
    const hidden = field.steps.length - rows.length + field.dropped;
    this.#steps.replaceChildren(table(`Steps of ${pathLabel(field.path)}`, columns, rows));
    if (hidden > 0) this.#steps.append(element('p', 'fsd-note', `${hidden} more steps not shown`));
  }
}

import { pathLabel } from './display-value';
import { element, headRow, sinceStart } from './dom';
import type { FieldHistory } from './field-history';
import type { PanelRun } from './panel-run';
import type { RunView } from './run-view';

/** The most rows a view draws: the panel's own DOM stays small however long the run. */
export const MAX_ROWS = 300;

/**
 * The timeline of one run: each field's phases in a table, then the run's rows (attempts, fields
 * opening and done, checks, retries, tool calls, the final reconciliation), the latest
 * {@link MAX_ROWS}. An update appends the new rows and rewrites only the phases that changed:
 * a delta that leaves a field's phases as they were touches no element, so the browser has
 * nothing to lay out again.
 */
export class TimelineView implements RunView {
  readonly node = element('div', 'fsd-timeline');
  readonly #run: PanelRun;
  /** Each field's row, and how many phases its cell shows (a field's phases only grow). */
  readonly #fieldRows = new Map<FieldHistory, { cell: HTMLTableCellElement; phases: number }>();
  readonly #fieldBody = element('tbody');
  readonly #moreFields = element('p', 'fsd-note');
  readonly #hiddenRows = element('p', 'fsd-note');
  readonly #list = element('ol', 'fsd-entries');
  #shownEntries = 0;

  constructor(run: PanelRun) {
    this.#run = run;
    const fields = element('table', 'fsd-table');
    fields.append(element('caption', '', 'Field phases'), headRow(['path', 'phases']), this.#fieldBody);
    this.#list.setAttribute('aria-label', 'Events');
    this.node.append(
      element('h3', '', `Timeline: ${run.label}`),
      fields,
      this.#moreFields,
      this.#hiddenRows,
      this.#list,
    );
    this.update();
  }

  update(): void {
    const { fields, entries, droppedEntries } = this.#run.timeline;
    let listed = 0;
    for (const field of fields.values()) {
      if (field.path.startsWith('$tools')) continue;
      listed += 1;
      if (listed > MAX_ROWS) continue;
      this.#showField(field);
    }
    this.#moreFields.textContent = listed > MAX_ROWS ? `${listed - MAX_ROWS} more fields not shown` : '';
    for (const entry of entries.slice(Math.max(this.#shownEntries, entries.length - MAX_ROWS))) {
      const row = element('li', 'fsd-entry');
      row.dataset.kind = entry.kind;
      row.append(element('span', 'fsd-at', sinceStart(entry.at)), ' ', element('span', 'fsd-text', entry.text));
      this.#list.append(row);
    }
    this.#shownEntries = entries.length;
    while (this.#list.childElementCount > MAX_ROWS) this.#list.firstElementChild?.remove();
    const hidden = entries.length - this.#list.childElementCount + droppedEntries;
    this.#hiddenRows.textContent = hidden > 0 ? `${hidden} rows not shown` : '';
  }

  #showField(field: FieldHistory): void {
    const phases = field.phases.length;
    let row = this.#fieldRows.get(field);
    if (row?.phases === phases) return;
    if (row === undefined) {
      const line = element('tr');
      const cell = element('td');
      line.append(element('td', '', pathLabel(field.path)), cell);
      this.#fieldBody.append(line);
      row = { cell, phases };
      this.#fieldRows.set(field, row);
    }
    row.phases = phases;
    row.cell.textContent = phasesOf(field);
  }
}

/** `open → streaming → done → confirmed`: a field's phases in order, each run of one phase once. */
export function phasesOf(field: FieldHistory): string {
  return field.phases.join(' → ');
}

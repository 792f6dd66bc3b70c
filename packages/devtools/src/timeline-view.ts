import { pathLabel } from './display-value';
import { element, sinceStart, table } from './dom';
import type { FieldHistory } from './field-history';
import type { PanelRun } from './panel-run';

/** The most rows a view draws: the panel's own DOM stays small however long the run. */
export const MAX_ROWS = 300;

/**
 * The timeline of one run: each field's phases in a table, then every row of the run (attempts,
 * fields opening and done, checks, retries, tool calls, the final reconciliation), the latest
 * {@link MAX_ROWS}.
 */
export function timelineView(run: PanelRun): HTMLElement {
  const view = element('div', 'fsd-timeline');
  view.append(element('h3', '', `Timeline: ${run.label}`));
  const { entries, droppedEntries } = run.timeline;
  const fields = [...run.timeline.fields.values()].filter((field) => !field.path.startsWith('$tools'));
  const shownFields = fields.slice(0, MAX_ROWS);
  view.append(
    table(
      'Field phases',
      ['path', 'phases'],
      shownFields.map((field) => [pathLabel(field.path), phasesOf(field)]),
    ),
  );
  if (fields.length > shownFields.length)
    view.append(element('p', 'fsd-note', `${fields.length - shownFields.length} more fields not shown`));
  const hidden = entries.length - MAX_ROWS + droppedEntries;
  if (hidden > 0) view.append(element('p', 'fsd-note', `${hidden} rows not shown`));
  const list = element('ol', 'fsd-entries');
  list.setAttribute('aria-label', 'Events');
  for (const entry of entries.slice(-MAX_ROWS)) {
    const row = element('li', 'fsd-entry');
    row.dataset.kind = entry.kind;
    row.append(element('span', 'fsd-at', sinceStart(entry.at)), ' ', element('span', 'fsd-text', entry.text));
    list.append(row);
  }
  view.append(list);
  return view;
}

/** `open → streaming → done → confirmed`: a field's phases in order, each run of one phase once. */
export function phasesOf(field: FieldHistory): string {
  const phases: string[] = [];
  for (const step of field.steps) if (phases.at(-1) !== step.phase) phases.push(step.phase);
  if (field.dropped > 0 && phases.at(-1) !== field.phase) phases.push('…', field.phase);
  return phases.join(' → ');
}

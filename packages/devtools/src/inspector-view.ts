import { pathLabel } from './display-value';
import { element, sinceStart, table } from './dom';
import type { PanelRun } from './panel-run';
import { MAX_ROWS } from './timeline-view';

/**
 * The field inspector: a path picked from the run's fields, and its steps over time (each delta,
 * the value after it, the phase it entered and why). `onPick` is called with the path chosen.
 */
export function inspectorView(run: PanelRun, picked: string | undefined, onPick: (path: string) => void): HTMLElement {
  const view = element('div', 'fsd-inspector');
  view.append(element('h3', '', 'Field inspector'));
  const paths = [...run.timeline.fields.keys()];
  const path =
    picked !== undefined && run.timeline.fields.has(picked) ? picked : (paths.find((one) => one !== '') ?? paths[0]);
  const label = element('label', 'fsd-control', 'Field ');
  const select = element('select', 'fsd-path');
  for (const option of paths.slice(0, MAX_ROWS)) {
    const node = element('option', '', pathLabel(option));
    node.value = option;
    node.selected = option === path;
    select.append(node);
  }
  select.addEventListener('change', () => onPick(select.value));
  label.append(select);
  view.append(label);
  const field = path === undefined ? undefined : run.timeline.fields.get(path);
  if (field === undefined) {
    view.append(element('p', 'fsd-note', 'No field has streamed yet.'));
    return view;
  }
  const rows = field.steps
    .slice(0, MAX_ROWS)
    .map((step) => [sinceStart(step.at), String(step.attempt), step.phase, step.delta, step.value, step.note ?? '']);
  view.append(table(`Steps of ${pathLabel(field.path)}`, ['time', 'attempt', 'phase', 'delta', 'value', 'note'], rows));
  const hidden = field.steps.length - rows.length + field.dropped;
  if (hidden > 0) view.append(element('p', 'fsd-note', `${hidden} more steps not shown`));
  return view;
}

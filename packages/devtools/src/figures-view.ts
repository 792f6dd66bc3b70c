import { serializeRecording } from '@fieldstream/core/recording';
import { pathLabel } from './display-value';
import { element, table } from './dom';
import type { PanelRun } from './panel-run';
import type { StoreFrames } from './store-frames';
import { MAX_ROWS } from './timeline-view';

/** The run's figures: rates, time to the first field and to each field's `done`, wire bytes, store updates per frame. */
export function figuresView(run: PanelRun, stores: readonly StoreFrames[]): HTMLElement {
  const view = element('div', 'fsd-figures');
  view.append(element('h3', '', 'Figures'));
  const { timeline } = run;
  const seconds = timeline.lastAt / 1000;
  const rate = (count: number): string => (seconds > 0 ? (count / seconds).toFixed(1) : '—');
  const bytes = new TextEncoder().encode(serializeRecording(run.recording())).length;
  const figures: [string, string][] = [
    ['characters', String(timeline.characters)],
    ['characters per second', rate(timeline.characters)],
    ['patches', String(timeline.patches)],
    ['patches per second', rate(timeline.patches)],
    ['time to the first field', timeline.firstPatchAt === undefined ? '—' : `${timeline.firstPatchAt} ms`],
    ['duration', `${timeline.lastAt} ms`],
    ['wire bytes', String(bytes)],
  ];
  for (const store of stores) figures.push([`store updates per frame (${store.label})`, perFrame(store.frames)]);
  const list = element('dl', 'fsd-figure-list');
  for (const [name, value] of figures) list.append(element('dt', '', name), element('dd', '', value));
  view.append(list);
  const done = [...timeline.fields.values()].filter((field) => field.doneAt !== undefined).slice(0, MAX_ROWS);
  view.append(
    table(
      "Time to each field's done",
      ['path', 'done'],
      done.map((field) => [pathLabel(field.path), `${field.doneAt} ms`]),
    ),
  );
  return view;
}

/** `max 3, mean 1.5 over 4 frames`, or `—` before any update. */
function perFrame(frames: readonly number[]): string {
  if (frames.length === 0) return '—';
  const total = frames.reduce((sum, count) => sum + count, 0);
  return `max ${Math.max(...frames)}, mean ${(total / frames.length).toFixed(1)} over ${frames.length} frames`;
}

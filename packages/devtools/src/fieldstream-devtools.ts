import type { PatchStreamInput } from '@fieldstream/core/patch-stream';
import type { Recording } from '@fieldstream/core/recording';
import { installDiscovery } from './discovery';
import { button, element } from './dom';
import { FiguresView } from './figures-view';
import { InspectorView } from './inspector-view';
import { type AttachedRun, type AttachOptions, liveRun, type PanelRun, recordedRun } from './panel-run';
import { adoptPanelStyles } from './panel-styles';
import { download, readRunFile, runFile } from './run-file';
import type { RunView } from './run-view';
import { type StoreFrames, type WatchedStore, watchStoreFrames } from './store-frames';
import { TimelineView } from './timeline-view';

/** The panel's views. */
export type DevtoolsView = 'timeline' | 'inspector' | 'figures';

const VIEWS: readonly [DevtoolsView, string][] = [
  ['timeline', 'Timeline'],
  ['inspector', 'Inspector'],
  ['figures', 'Figures'],
];

/** Frames the panel reads the live runs for after a response's event. */
const READING_FRAMES = 3;

/**
 * The least time between two draws of what a live run or a store brought. A debugging panel is
 * read by a person, and four updates a second is as fast as one follows changing text; drawing
 * every frame would make the panel, not the page it watches, the main thread's largest cost.
 * A user's action, a new run and a run's end are drawn in the next frame.
 */
export const LIVE_DRAW_MS = 250;

/**
 * `<fieldstream-devtools>`: a panel that shows a streamed answer's runs. A run is a recording
 * (`@fieldstream/core/recording`): `attach(response)` records one as it streams, `open` and the
 * panel's "Open run" take one from a file, "Export run" saves one. With the `discover` attribute,
 * the panel records every response the page makes from then on. It draws at most once per
 * animation frame (a live run's news at most once per {@link LIVE_DRAW_MS}), only the view on
 * screen, changing only the rows that changed, and sets model output as text only.
 */
export class FieldstreamDevtools extends HTMLElement {
  static readonly observedAttributes = ['discover'];

  readonly #root: ShadowRoot;
  readonly #runs: PanelRun[] = [];
  readonly #stores: StoreFrames[] = [];
  #selected = 0;
  #view: DevtoolsView = 'timeline';
  #picked: string | undefined;
  #frame: number | undefined;
  /** The wait before a live run's next draw is due. */
  #wait: ReturnType<typeof setTimeout> | undefined;
  /** Something the user did, or a new run: drawn in the next frame. */
  #changed = true;
  /** Data a live run or a store brought: drawn at most once per {@link LIVE_DRAW_MS}. */
  #streamed = false;
  /** When news was last drawn (the frame's time), `-Infinity` before the first. */
  #drawnAt = Number.NEGATIVE_INFINITY;
  #readingFrames = 0;
  /** The view on screen: kept, and updated, while its run and kind stay. */
  #shown: { run: PanelRun; view: DevtoolsView; content: RunView } | undefined;
  #stopDiscovery: (() => void) | undefined;
  readonly #runSelect = element('select', 'fsd-runs');
  readonly #exportButton = button('Export run', 'fsd-export');
  readonly #fileInput = element('input', 'fsd-file');
  readonly #message = element('p', 'fsd-message');
  readonly #viewHost = element('div', 'fsd-view');
  readonly #tabs = new Map<DevtoolsView, HTMLButtonElement>();

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    adoptPanelStyles(this.#root);
    this.#root.append(this.#layout());
  }

  /** Records every response the page makes from now on (the `discover` attribute). */
  get discover(): boolean {
    return this.hasAttribute('discover');
  }

  set discover(value: boolean) {
    this.toggleAttribute('discover', value);
  }

  connectedCallback(): void {
    this.#followDiscovery();
    this.#changed = true;
    this.#schedule();
  }

  disconnectedCallback(): void {
    this.detach();
    this.#stopDiscovery?.();
    this.#stopDiscovery = undefined;
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    this.#frame = undefined;
    this.#hurry();
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.#followDiscovery();
  }

  /**
   * Records `response` (a response from `createResponse`, `fromPatchStream` or a Worker) as a new run
   * and shows it. Recording starts the response. `recorded` settles with the run's recording once
   * the response settled and its last message was recorded; `stop()` stops recording it, and the
   * run stays in the panel as recorded so far.
   */
  attach(response: PatchStreamInput, options: AttachOptions = {}): AttachedRun {
    const label = options.label ?? `run ${this.#runs.length + 1} (${options.source ?? 'page'})`;
    const run = liveRun(response, label, options, (ended) => {
      this.#readingFrames = READING_FRAMES;
      if (ended) this.#hurry();
      this.#schedule();
    });
    this.#add(run);
    return { recorded: run.recorded, stop: run.stop };
  }

  /**
   * Counts a field store's updates per animation frame, shown among the figures. Returns a
   * function that stops counting.
   */
  attachStore(store: WatchedStore, options: { label?: string } = {}): () => void {
    const frames = watchStoreFrames(store, options.label ?? `store ${this.#stores.length + 1}`, () => {
      this.#streamed = true;
      this.#schedule();
    });
    this.#stores.push(frames);
    this.#touch();
    return () => frames.stop();
  }

  /** Shows a recorded run (`parseRecording`'s result, a fixture, another panel's export). */
  open(recording: Recording, label = recording.label ?? `run ${this.#runs.length + 1} (${recording.source})`): void {
    this.#add(recordedRun(recording, label));
  }

  /**
   * Opens a run file (what "Export run" saved). A file that is not a recording leaves every run as
   * it was and shows `parseRecording`'s typed error in the panel; the promise never rejects.
   */
  async openFile(file: Blob): Promise<void> {
    try {
      this.open(await readRunFile(file));
      this.#say('');
    } catch (error) {
      this.#say(`Could not open the file: ${describeError(error)}`, 'error');
    }
  }

  /** The run on screen as a file (its recording as JSON), or `undefined` when there is none. */
  exportRun(): File | undefined {
    const run = this.#runs[this.#selected];
    if (run === undefined) return undefined;
    return runFile(run.recording(), `fieldstream-run-${this.#selected + 1}.json`);
  }

  /** Stops recording every response and counting every store; the runs stay. */
  detach(): void {
    for (const run of this.#runs) run.stop();
    for (const store of this.#stores) store.stop();
  }

  #layout(): HTMLElement {
    const panel = element('section', 'fsd');
    const heading = element('h2', '', 'Fieldstream devtools');
    heading.id = 'fsd-title';
    panel.setAttribute('aria-labelledby', heading.id);
    const bar = element('div', 'fsd-bar');
    const runLabel = element('label', 'fsd-control', 'Run ');
    runLabel.append(this.#runSelect);
    this.#runSelect.addEventListener('change', () => {
      this.#selected = Number(this.#runSelect.value);
      this.#touch();
    });
    this.#exportButton.addEventListener('click', () => {
      const file = this.exportRun();
      if (file !== undefined) download(this.#root, file);
    });
    const openLabel = element('label', 'fsd-control', 'Open run ');
    this.#fileInput.type = 'file';
    this.#fileInput.accept = '.json,application/json';
    this.#fileInput.addEventListener('change', () => {
      const file = this.#fileInput.files?.[0];
      if (file !== undefined) void this.openFile(file);
      this.#fileInput.value = '';
    });
    openLabel.append(this.#fileInput);
    bar.append(heading, runLabel, this.#exportButton, openLabel);
    const tabs = element('div', 'fsd-tabs');
    tabs.setAttribute('role', 'group');
    tabs.setAttribute('aria-label', 'View');
    for (const [view, name] of VIEWS) {
      const tab = button(name, 'fsd-tab');
      tab.dataset.view = view;
      tab.addEventListener('click', () => {
        this.#view = view;
        this.#touch();
      });
      this.#tabs.set(view, tab);
      tabs.append(tab);
    }
    this.#message.setAttribute('role', 'status');
    // The view scrolls on its own: it takes the focus, so a keyboard can scroll it.
    this.#viewHost.tabIndex = 0;
    this.#viewHost.setAttribute('role', 'group');
    this.#viewHost.setAttribute('aria-label', 'Run view');
    panel.append(bar, tabs, this.#message, this.#viewHost);
    return panel;
  }

  #add(run: PanelRun): void {
    this.#runs.push(run);
    this.#selected = this.#runs.length - 1;
    this.#touch();
  }

  #say(text: string, tone?: 'error'): void {
    this.#message.textContent = text;
    if (tone === undefined) delete this.#message.dataset.tone;
    else this.#message.dataset.tone = tone;
  }

  #followDiscovery(): void {
    if (this.discover && this.#stopDiscovery === undefined)
      this.#stopDiscovery = installDiscovery((response) => this.attach(response));
    else if (!this.discover && this.#stopDiscovery !== undefined) {
      this.#stopDiscovery();
      this.#stopDiscovery = undefined;
    }
  }

  /** Something changed: draw in the next frame. */
  #touch(): void {
    this.#changed = true;
    this.#hurry();
    this.#schedule();
  }

  /** Draws in the next frame, not after the live runs' wait. */
  #hurry(): void {
    clearTimeout(this.#wait);
    this.#wait = undefined;
  }

  #schedule(): void {
    if (this.#frame !== undefined || this.#wait !== undefined || !this.isConnected) return;
    this.#frame = requestAnimationFrame((time) => {
      this.#frame = undefined;
      this.#draw(time);
    });
  }

  /**
   * One frame: redraw the view on screen if anything changed. What a live run recorded is read
   * and drawn at most once per {@link LIVE_DRAW_MS}; until then the frame only asks for a later one.
   */
  #draw(time: number): void {
    const run = this.#runs[this.#selected];
    const live = this.#runs.some((one) => one.live);
    // A recording calls no one when it takes a message, which it does within a frame of the
    // response's event: after an event, the panel reads the live runs for a few frames.
    if (live && this.#readingFrames > 0) {
      this.#readingFrames -= 1;
      this.#streamed = true;
    }
    // A run that ended is drawn at once, so the view ends exact.
    const ended = run !== undefined && !run.live && run.sync();
    if (!this.#changed && !ended && this.#streamed && time - this.#drawnAt < LIVE_DRAW_MS) {
      this.#wait = setTimeout(
        () => {
          this.#wait = undefined;
          this.#schedule();
        },
        LIVE_DRAW_MS - (time - this.#drawnAt),
      );
      return;
    }
    // Only the figures show the stores' counts.
    let news = this.#streamed && this.#stores.length > 0 && this.#view === 'figures';
    this.#streamed = false;
    if (run?.sync() === true) news = true;
    if (live && this.#readingFrames > 0) this.#schedule();
    if (!this.#changed && !news && !ended) return;
    // The wait runs from the last draw of news: the first news after a quiet spell is drawn at once.
    if (news) this.#drawnAt = time;
    this.#changed = false;
    this.#drawControls();
    if (run === undefined) {
      this.#shown = undefined;
      this.#viewHost.replaceChildren(element('p', 'fsd-note', 'No run yet: attach a response or open a run file.'));
      return;
    }
    if (this.#shown?.run === run && this.#shown.view === this.#view) {
      this.#shown.content.update();
      return;
    }
    const content = this.#viewOf(run);
    this.#shown = { run, view: this.#view, content };
    this.#viewHost.replaceChildren(content.node);
  }

  #viewOf(run: PanelRun): RunView {
    if (this.#view === 'inspector')
      return new InspectorView(run, this.#picked, (path) => {
        this.#picked = path;
      });
    if (this.#view === 'figures') return new FiguresView(run, this.#stores);
    return new TimelineView(run);
  }

  #drawControls(): void {
    if (this.#runSelect.options.length !== this.#runs.length) {
      this.#runSelect.replaceChildren(
        ...this.#runs.map((run, index) => {
          const option = element('option', '', run.label);
          option.value = String(index);
          return option;
        }),
      );
    }
    this.#runSelect.value = String(this.#selected);
    this.#exportButton.disabled = this.#runs.length === 0;
    for (const [view, tab] of this.#tabs) tab.setAttribute('aria-pressed', String(view === this.#view));
  }
}

/** `RecordingError RECORDING_INVALID: …`: an error's name, its code when it has one, and its message. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = Object.hasOwn(error, 'code') ? ` ${String((error as Error & { code: unknown }).code)}` : '';
  return `${error.name}${code}: ${error.message}`;
}

/** Where the choice to show the panel is kept, so it stays open across reloads of this tab. */
const REMEMBERED = 'fieldstream-devtools';

let dock: HTMLElement | undefined;

/** True when the panel was open the last time in this tab. */
export function devtoolsWanted(): boolean {
  return sessionStorage.getItem(REMEMBERED) === 'open';
}

/** Loads `@fieldstream/devtools` (a chunk of its own: a page that never opens the panel never loads it) and defines its element. */
export async function loadDevtools(): Promise<void> {
  const { defineDevtools } = await import('@fieldstream/devtools');
  defineDevtools();
}

/** Docks the panel below the page, finding every response the page makes from then on. */
export async function openDevtools(): Promise<void> {
  sessionStorage.setItem(REMEMBERED, 'open');
  await loadDevtools();
  if (dock === undefined) {
    dock = document.createElement('div');
    dock.className = 'devtools-dock';
    const panel = document.createElement('fieldstream-devtools');
    panel.discover = true;
    dock.append(panel);
  }
  if (!dock.isConnected) document.body.append(dock);
}

/** Takes the panel off the page (it forgets its runs). */
export function closeDevtools(): void {
  sessionStorage.removeItem(REMEMBERED);
  dock?.remove();
  dock = undefined;
}

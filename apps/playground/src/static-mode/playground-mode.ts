/**
 * Where the built-in model runs: `server` — the playground's Vite server answers `/api/*`
 * (`npm start`, `vite preview`); `in-page` — no server answered (the built site on a static host),
 * so the same scripted backend serves `/api/*` inside this page.
 */
export type PlaygroundMode = 'server' | 'in-page';

let mode: PlaygroundMode = 'server';

/** The mode chosen at start-up (before the first render; it never changes afterwards). */
export function playgroundMode(): PlaygroundMode {
  return mode;
}

/**
 * Asks `GET /playground-server.json`: the playground's server answers `{"server": true}`, while a
 * static host serves the built file, `{"server": false}` (no 404 in the console). Anything else (a
 * missing file, an HTML fallback, no network) is a static host too: the in-page backend is installed.
 */
export async function choosePlaygroundMode(): Promise<PlaygroundMode> {
  if (!(await serverAnswers())) {
    const { installInPageApi } = await import('./in-page-api');
    await installInPageApi();
    mode = 'in-page';
  }
  return mode;
}

async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch('/playground-server.json', { cache: 'no-store' });
    if (!response.ok) return false;
    const probe = (await response.json()) as { server?: unknown };
    return probe.server === true;
  } catch {
    return false;
  }
}

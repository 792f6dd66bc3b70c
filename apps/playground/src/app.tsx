import { type ReactElement, Suspense } from 'react';
import { DevtoolsToggle } from './devtools/devtools-toggle';
import { HomePage } from './pages/home-page';
import { PLAYGROUND_PAGES, pageAt, pageId } from './router/playground-pages';
import { routeHref, useHashRoute } from './router/use-hash-route';
import { playgroundMode } from './static-mode/playground-mode';

const NAV = [
  { path: '/', label: 'Home', id: 'home' },
  ...PLAYGROUND_PAGES.map((page) => ({ ...page, id: pageId(page) })),
];

/** The playground shell: a nav bar and one page per hash route. */
export function App(): ReactElement {
  const { path, params } = useHashRoute();
  const current = pageAt(path);
  // Pages read their settings from the query once, when they mount (then write them back to it).
  const page = current === undefined ? <HomePage /> : <current.Page key={path} params={params} />;
  return (
    <>
      <header className="topbar">
        <h1>Fieldstream playground</h1>
        <nav>
          {NAV.map((item) => (
            <a
              key={item.path}
              href={routeHref(item.path)}
              className={item.path === path ? 'active' : undefined}
              data-testid={`nav-${item.id}`}
            >
              {item.label}
            </a>
          ))}
        </nav>
        <ModeBadge />
        <DevtoolsToggle />
      </header>
      <main>
        <Suspense fallback={<p className="muted">Loading…</p>}>{page}</Suspense>
      </main>
    </>
  );
}

/** Where the built-in model runs (see playground-mode.ts), always on screen. */
function ModeBadge(): ReactElement {
  const mode = playgroundMode();
  return (
    <span
      className="mode-badge"
      data-testid="playground-mode"
      data-mode={mode}
      title={
        mode === 'server'
          ? 'The built-in model answers from this server over real HTTP streams.'
          : 'No playground server here (a static host): the built-in model runs inside this page.'
      }
    >
      {mode === 'server' ? 'model: server' : 'model: in this page'}
    </span>
  );
}

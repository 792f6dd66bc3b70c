import type { ReactElement } from 'react';
import { presets } from '../presets/index';
import { PLAYGROUND_PAGES, pageId } from '../router/playground-pages';
import { routeHref } from '../router/use-hash-route';
import { DEFAULT_SETTINGS, settingsToParams } from '../run/scenario-settings';
import { playgroundMode } from '../static-mode/playground-mode';

/** The front door: what the playground shows, and a link to each page. */
export function HomePage(): ReactElement {
  return (
    <div className="page home">
      <p className="lead">
        Fieldstream turns a model's structured answer into field-level patches while it streams.{' '}
        {playgroundMode() === 'server' ? (
          <span data-testid="mode-text" data-mode="server">
            Everything here runs against a built-in model on this playground server (<code>npm start</code> or{' '}
            <code>vite preview</code>): recorded answers over real server-sent events, no API key.
          </span>
        ) : (
          <span data-testid="mode-text" data-mode="in-page">
            No playground server answers here (the site is served as static files), so the built-in model runs inside
            this page: the same recorded answers, wire formats, faults and pacing, streamed to <code>fetch</code>{' '}
            without a network round trip. No API key; the live proxy needs the server.
          </span>
        )}
      </p>
      <div className="cards">
        {PLAYGROUND_PAGES.map((page) => (
          <a key={page.path} className="card" href={routeHref(page.path)} data-testid={`home-${pageId(page)}`}>
            <h2>{page.title}</h2>
            <p>{page.text}</p>
          </a>
        ))}
      </div>
      <h2>Presets</h2>
      <ul className="preset-list">
        {presets.map((preset) => (
          <li key={preset.id}>
            <a
              href={routeHref(
                '/live',
                settingsToParams({ ...DEFAULT_SETTINGS, preset: preset.id, format: preset.format }),
              )}
            >
              {preset.title}
            </a>{' '}
            <span className="muted">{preset.description}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

import type { ReactElement } from 'react';
import { presets } from '../presets/index';
import { routeHref } from '../router/use-hash-route';
import { DEFAULT_SETTINGS, settingsToParams } from '../run/scenario-settings';
import { playgroundMode } from '../static-mode/playground-mode';

const PAGES = [
  {
    path: '/live',
    id: 'live',
    title: 'Live form',
    text: 'A schema becomes a form that fills in as the answer streams.',
  },
  {
    path: '/progress',
    id: 'progress',
    title: 'Progress panel',
    text: 'Per-field phases and provenance, attempts, retries, fault switches.',
  },
  { path: '/dashboard', id: 'dashboard', title: 'Dashboard', text: 'Six tiles, six responses, streaming at once.' },
  {
    path: '/timeline',
    id: 'timeline',
    title: 'Event timeline',
    text: 'Devtools: every patch beside the raw text, reasoning, final data and its reconciliation.',
  },
  { path: '/contract', id: 'contract', title: 'Output contract', text: 'The UI switches on status mid-stream.' },
  { path: '/answer-flow', id: 'answer-flow', title: 'Answer flow', text: 'A batch: check, review, repair, fallback.' },
  {
    path: '/providers',
    id: 'providers',
    title: 'Providers',
    text: 'OpenAI Chat and Responses, Anthropic, Agently, raw text; output-contract planning per provider.',
  },
  {
    path: '/zod',
    id: 'zod',
    title: 'Zod schema',
    text: 'A zod schema with a transform and defaults, as it is, in LiveForm: the input streams, the output lands.',
  },
];

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
        {PAGES.map((page) => (
          <a key={page.id} className="card" href={routeHref(page.path)} data-testid={`home-${page.id}`}>
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

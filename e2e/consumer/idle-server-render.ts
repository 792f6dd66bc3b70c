import { expect } from '@playwright/test';
import type { ConsumerApp } from './consumer-app';

const ANNOUNCER = '<p class="fs-announce" role="status" aria-live="polite"></p>';

/**
 * The app's tree rendered on a server before anything started (its status, summary and flags, a
 * LiveForm and a FieldProgress over the incident schema), hydration comments aside: React's
 * markup, class names and data attributes, `idle`, every field pending, an empty live region in
 * each component. Vue and Svelte render the same.
 */
function expectIdleMarkup(rendered: string): void {
  const html = rendered.replace(/<!--[^>]*-->/g, '');
  expect(html).toContain('<p data-testid="status">idle</p>');
  expect(html).toContain('<p data-testid="summary"></p>');
  expect(html).toContain('<p data-testid="flags"></p>');
  expect(html).toContain('<div class="fs-live-form" aria-busy="false" data-status="idle">');
  expect(html).toContain(
    '<div class="fs-field" data-path="status_summary" data-phase="pending"><span class="fs-field-label">status_summary</span><span class="fs-field-text"></span></div>',
  );
  // The list is a group named by its label.
  expect(html).toMatch(
    /<div class="fs-list" data-path="risk_flags" role="group" aria-labelledby="([^"]+)"><span class="fs-group-label" id="\1">risk_flags<\/span>/,
  );
  expect(html).toContain(
    '<div class="fs-progress" aria-busy="false"><p class="fs-progress-status" data-status="idle">idle</p>',
  );
  for (const path of ['status_summary', 'risk_flags']) {
    expect(html).toContain(
      `<li class="fs-progress-row" data-path="${path}" data-phase="pending"><span class="fs-progress-path">${path}</span> <span class="fs-progress-phase">pending</span></li>`,
    );
  }
  expect(html.split(ANNOUNCER).length - 1).toBe(2);
}

/**
 * Builds the app's server entry (`vite build --ssr src/server.ts`), runs it with Node and checks
 * the HTML it prints. `loadedByNode`: the packages the bundle leaves to Node, which then loads the
 * installed ones with plain resolution.
 */
export function expectServerRendersIdle(app: ConsumerApp, loadedByNode: readonly string[]): void {
  const build = app.run('vite', ['build', '--ssr', 'src/server.ts', '--outDir', 'dist-server']);
  expect(build.status, build.output).toBe(0);
  const bundle = app.read('dist-server/server.js');
  for (const name of loadedByNode) expect(bundle).toContain(` from "${name}";`);
  const result = app.run('node', ['dist-server/server.js']);
  expect(result.status, result.output).toBe(0);
  expectIdleMarkup(result.output);
}

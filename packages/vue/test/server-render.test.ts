// @vitest-environment node
// Server rendering with no DOM: @vue/server-renderer renders the idle state of a tree of the
// built package's components (dist/, after `npm run build -w @fieldstream/vue`; the shared suite
// renders the sources), with the classes and attributes React's renderToString gives.
import { existsSync } from 'node:fs';
import { createFieldStore, defineOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';

const built = new URL('../dist/index.js', import.meta.url);

describe.runIf(existsSync(built))('server rendering from the built package', () => {
  it('renders LiveForm and FieldProgress idle, subscribing to nothing that could fire', async () => {
    const vue = (await import(/* @vite-ignore */ built.href)) as typeof import('@fieldstream/vue');
    const output = defineOutput({ summary: ['string', 'one line'], actions: [['string']] });
    const store = createFieldStore();
    const html = await renderToString(
      createSSRApp({
        render: () => [h(vue.LiveForm, { output, store }), h(vue.FieldProgress, { output, store })],
      }),
    );
    const text = html.replace(/<!--[^>]*-->/g, '');
    expect(text).toContain('<div class="fs-live-form" aria-busy="false" data-status="idle">');
    expect(text).toContain('<div class="fs-field" data-path="summary" data-phase="pending">');
    expect(text).toContain('<span class="fs-field-label">summary</span><span class="fs-field-text"></span>');
    expect(text).toContain('role="group"');
    expect(text).toContain('<p class="fs-progress-status" data-status="idle">idle</p>');
    expect(text).toContain(
      '<li class="fs-progress-row" data-path="summary" data-phase="pending"><span class="fs-progress-path">summary</span> <span class="fs-progress-phase">pending</span></li>',
    );
    expect(text).toContain('<p class="fs-announce" role="status" aria-live="polite"></p>');
  });
});

// Server rendering: the framework's server renderer draws a LiveForm and a FieldProgress over an
// idle store — every field pending, nothing busy, nothing announced.
import { createFieldStore } from '@fieldstream/core';
import { describe, expect } from 'vitest';
import type { SuiteContext } from './binding-driver';
import { fieldAt, fieldPaths, progressRows, regions } from './form-queries';
import { incident } from './incident-output';

/** The server's HTML as the browser would parse it. */
function parsed(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

export function ssrCases({ driver, it }: SuiteContext): void {
  describe('server rendering', () => {
    it('renders the idle state of a form and a progress panel', async () => {
      const store = createFieldStore();
      const html = await driver.renderIdleToString(store, incident);
      expect(html).not.toMatch(/undefined|\[object /);
      const page = parsed(html);
      const form = page.querySelector('.fs-live-form');
      expect([form?.getAttribute('aria-busy'), form?.getAttribute('data-status')]).toEqual(['false', 'idle']);
      expect(fieldPaths(page)).toEqual(['summary', 'meta.score', 'meta.owner']);
      for (const path of ['summary', 'meta.score', 'meta.owner']) {
        expect(fieldAt(page, path).dataset.phase).toBe('pending');
        expect(fieldAt(page, path).querySelector('.fs-field-text')?.textContent).toBe('');
      }
      expect([...page.querySelectorAll('[role="group"]')].map((group) => group.getAttribute('data-path'))).toEqual([
        'meta',
        'steps',
      ]);
      expect(page.querySelector('.fs-progress-status')?.textContent).toBe('idle');
      expect(progressRows(page)).toEqual([
        ['summary', 'pending'],
        ['meta.score', 'pending'],
        ['meta.owner', 'pending'],
        ['steps', 'pending'],
      ]);
      expect(regions(page)).toEqual({ busy: ['false', 'false'], announced: ['', ''] });
      expect(store.getState().status).toBe('idle');
    });
  });
}

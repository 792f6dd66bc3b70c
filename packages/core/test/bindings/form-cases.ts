// LiveForm and FieldProgress: laid out from the schema, filled as the response streams, marked
// provisional, stale and reconciled through the same data attributes in every binding, with
// busy regions that announce only the end.
import { createFieldStore, defineOutput, TransportError } from '@fieldstream/core';
import { describe, expect } from 'vitest';
import { close, open, partialText, scalar, streamText } from '../store/patches';
import { createTestSource } from '../store/test-source';
import type { SuiteContext } from './binding-driver';
import { fieldAt, fieldPaths, progressRows, regions, valueAt } from './form-queries';
import { incident } from './incident-output';
import { rejectField } from './reject-field';

const sync = { schedule: 'sync' } as const;

export function formCases({ driver, it }: SuiteContext): void {
  const { settle } = driver;

  describe('LiveForm', () => {
    it('lays the form out from the schema, pending fields first', () => {
      const form = driver.mountForm(createFieldStore(), incident, sync).root();
      expect(fieldPaths(form)).toEqual(['summary', 'meta.score', 'meta.owner']);
      expect(fieldAt(form, 'summary').dataset.phase).toBe('pending');
      expect(fieldAt(form, 'summary').querySelector('.fs-field-label')?.textContent).toBe('summary');
      // Objects and lists are groups named by their label, not fieldsets.
      const groups = [...form.querySelectorAll('[role="group"]')];
      expect(groups.map((group) => group.getAttribute('data-path'))).toEqual(['meta', 'steps']);
      expect(groups.map((group) => group.className)).toEqual(['fs-object', 'fs-list']);
      const labels = groups.map((group) => {
        const id = group.getAttribute('aria-labelledby') ?? '';
        return form.ownerDocument.getElementById(id)?.textContent;
      });
      expect(labels).toEqual(['meta', 'steps']);
      expect(form.querySelector('fieldset, legend')).toBeNull();
      expect(form.querySelectorAll('.fs-list li')).toHaveLength(0);
      const region = form.querySelector('.fs-live-form');
      expect([region?.getAttribute('aria-busy'), region?.getAttribute('data-status')]).toEqual(['false', 'idle']);
    });

    it('grows lists item by item and fills each field as it streams', async () => {
      const store = createFieldStore();
      const form = driver.mountForm(store, incident, sync).root();
      await settle(() =>
        store.apply([open('steps', 'array'), open('steps[0]', 'object'), ...partialText('steps[0].title', 'Rest')]),
      );
      expect(form.querySelectorAll('.fs-list li')).toHaveLength(1);
      expect(valueAt(form, 'steps[0].title')).toBe('Rest');
      expect(fieldAt(form, 'steps[0].title').dataset.phase).toBe('streaming');
      await settle(() => store.apply([...streamText('steps[0].title', 'Restart db'), scalar('steps[0].done', true)]));
      expect(fieldAt(form, 'steps[0].title').dataset.phase).toBe('complete');
      expect(valueAt(form, 'steps[0].done')).toBe('true');
      await settle(() => store.apply(partialText('steps[1].title', 'Che')));
      expect([...form.querySelectorAll('.fs-list li')].map((li) => li.getAttribute('data-path'))).toEqual([
        'steps[0]',
        'steps[1]',
      ]);
    });

    it('marks provisional and stale values, then reconciles with the final data', async () => {
      const source = createTestSource();
      const store = createFieldStore(source);
      const form = driver.mountForm(store, incident, sync).root();
      await settle(() => {
        source.attempt(0);
        source.patches(0, [
          ...streamText('summary', 'Database down'),
          ...streamText('meta.owner', 'ops'),
          scalar('meta.score', 4, 'synthetic_repair'),
        ]);
      });
      expect(fieldAt(form, 'meta.score').dataset.provisional).toBe('true');
      expect(fieldAt(form, 'summary').dataset.provisional).toBeUndefined();

      await settle(() => source.attempt(1, 'validation failed'));
      for (const path of ['summary', 'meta.owner', 'meta.score'])
        expect(fieldAt(form, path).dataset.stale).toBe('true');
      expect(valueAt(form, 'summary')).toBe('Database down');
      await settle(() => source.patches(1, streamText('summary', 'Database recovered')));
      expect(fieldAt(form, 'summary').dataset.stale).toBeUndefined();
      expect(valueAt(form, 'summary')).toBe('Database recovered');
      expect(fieldAt(form, 'meta.owner').dataset.stale).toBe('true');

      await settle(() =>
        source.emit({
          type: 'final',
          attempt: 1,
          data: { summary: 'Database recovered', meta: { score: 6 }, steps: [{ title: 'Check', done: false }] },
        }),
      );
      expect(fieldAt(form, 'summary').dataset.reconciled).toBe('confirmed');
      expect(fieldAt(form, 'meta.score').dataset.reconciled).toBe('changed');
      expect(valueAt(form, 'meta.score')).toBe('6');
      expect(fieldAt(form, 'meta.owner').dataset.reconciled).toBe('removed');
      expect(valueAt(form, 'meta.owner')).toBe('');
      expect(fieldAt(form, 'steps[0].title').dataset.reconciled).toBe('changed');
      expect(form.querySelectorAll('[data-stale], [data-provisional]')).toHaveLength(0);
    });

    it('clears the failed attempt with onRetry: clear', async () => {
      const source = createTestSource();
      const store = createFieldStore(source, { onRetry: 'clear' });
      const form = driver.mountForm(store, incident, sync).root();
      await settle(() => {
        source.attempt(0);
        source.patches(0, [
          ...streamText('summary', 'first try'),
          open('steps', 'array'),
          ...streamText('steps[0].title', 'x'),
        ]);
      });
      await settle(() => source.attempt(1));
      expect(valueAt(form, 'summary')).toBe('');
      expect(form.querySelectorAll('.fs-list li')).toHaveLength(0);
    });

    it('shows nothing that arrives after an abort', async () => {
      const source = createTestSource();
      const store = createFieldStore(source);
      const form = driver.mountForm(store, incident, sync).root();
      await settle(() => {
        source.attempt(0);
        source.patches(0, partialText('summary', 'Half a sen'));
        source.emit({ type: 'aborted', attempt: 0 });
        source.patches(0, [...streamText('summary', 'Half a sentence'), scalar('meta.score', 1)]);
      });
      expect(valueAt(form, 'summary')).toBe('Half a sen');
      expect(fieldAt(form, 'summary').dataset.phase).toBe('streaming');
      expect(valueAt(form, 'meta.score')).toBe('');
    });

    it('settles a list container without remounting streamed items', async () => {
      const store = createFieldStore();
      const form = driver.mountForm(store, incident, sync).root();
      await settle(() => store.apply([open('steps', 'array'), ...streamText('steps[0].title', 'One')]));
      const item = form.querySelector('li');
      const title = fieldAt(form, 'steps[0].title');
      await settle(() => store.apply([close('steps', [{ title: 'One' }])]));
      await settle(() => store.dispatch({ type: 'final', attempt: 0, data: { steps: [{ title: 'One!' }] } }));
      expect(form.querySelector('li')).toBe(item);
      expect(fieldAt(form, 'steps[0].title')).toBe(title);
      expect(valueAt(form, 'steps[0].title')).toBe('One!');
    });
  });

  describe('FieldProgress', () => {
    const output = defineOutput({ summary: ['string'], score: ['integer'], tags: [['string']] });

    it('shows each field pending, streaming, complete, then confirmed, changed or removed', async () => {
      const source = createTestSource();
      const store = createFieldStore(source);
      const panel = driver.mountProgress(store, output, sync).root();
      expect(panel.querySelector('.fs-progress-status')?.textContent).toBe('idle');
      expect(progressRows(panel)).toEqual([
        ['summary', 'pending'],
        ['score', 'pending'],
        ['tags', 'pending'],
      ]);
      await settle(() => {
        source.attempt(0);
        source.patches(0, [
          ...streamText('summary', 'ok'),
          open('tags', 'array'),
          ...streamText('tags[0]', 'a'),
          ...partialText('tags[1]', 'b'),
        ]);
      });
      expect(progressRows(panel)).toEqual([
        ['summary', 'complete'],
        ['score', 'pending'],
        ['tags', 'streaming'],
        ['tags[0]', 'complete'],
        ['tags[1]', 'streaming'],
      ]);
      await settle(() => source.attempt(1));
      expect(panel.querySelector('.fs-progress-status')?.textContent).toBe('retrying (attempt 2)');
      await settle(() => source.emit({ type: 'final', attempt: 1, data: { summary: 'ok', score: 3, tags: ['a'] } }));
      expect(panel.querySelector('.fs-progress-status')?.getAttribute('data-status')).toBe('done');
      expect(progressRows(panel)).toEqual([
        ['summary', 'confirmed'],
        ['score', 'changed'],
        ['tags', 'changed'],
        ['tags[0]', 'confirmed'],
        ['tags[1]', 'removed'],
      ]);
    });

    it('shows a field rejected by a field check as rejected, its reason as the title, until the retry rewrites it', async () => {
      const source = createTestSource();
      const store = createFieldStore(source);
      const panel = driver.mountProgress(store, output, sync).root();
      const summary = () => panel.querySelector<HTMLElement>('.fs-progress-row[data-path="summary"]');
      await settle(() => {
        source.attempt(0);
        source.patches(0, [open('', 'object'), ...streamText('summary', 'too short')]);
      });
      expect(summary()?.dataset.phase).toBe('complete');
      await settle(() => rejectField(source, 'summary', 'Too short'));
      expect(summary()?.dataset.phase).toBe('rejected');
      expect(summary()?.title).toBe('Too short');
      expect(summary()?.querySelector('.fs-progress-phase')?.textContent).toBe('rejected');
      expect(summary()?.querySelector('.fs-progress-path')?.textContent).toBe('summary');
      expect(panel.querySelector('.fs-progress-status')?.textContent).toBe('retrying (attempt 2)');
      await settle(() => source.patches(1, [open('', 'object'), ...partialText('summary', 'long enough')]));
      expect([summary()?.dataset.phase, summary()?.title]).toEqual(['streaming', '']);
    });
  });

  describe('streaming regions', () => {
    const output = defineOutput({ summary: ['string'], tags: [['string']] });

    it('are aria-busy while streaming and announce only the end, politely', async () => {
      const source = createTestSource();
      const store = createFieldStore(source);
      const form = driver.mountForm(store, output, sync).root();
      const panel = driver.mountProgress(store, output, sync).root();
      const both = () => {
        const [a, b] = [regions(form), regions(panel)];
        return { busy: [...a.busy, ...b.busy], announced: [...a.announced, ...b.announced] };
      };
      expect(both()).toEqual({ busy: ['false', 'false'], announced: ['', ''] });
      await settle(() => {
        source.attempt(0);
        source.patches(0, [...streamText('summary', 'all good'), ...partialText('tags[0]', 'a')]);
      });
      // Deltas are not announced: the live regions stay empty while the fields fill in.
      expect(both()).toEqual({ busy: ['true', 'true'], announced: ['', ''] });
      await settle(() => source.emit({ type: 'final', attempt: 0, data: { summary: 'all good', tags: ['a'] } }));
      expect(both()).toEqual({ busy: ['false', 'false'], announced: ['Answer complete.', 'Answer complete.'] });
    });

    it('announce a failure with its message, and a stop', async () => {
      const source = createTestSource();
      const form = driver.mountForm(createFieldStore(source), output, sync).root();
      await settle(() => {
        source.attempt(0);
        source.emit({ type: 'error', attempt: 0, error: new TransportError('HTTP 501 Not Implemented', 501, '') });
      });
      expect(regions(form)).toEqual({ busy: ['false'], announced: ['Answer failed: HTTP 501 Not Implemented'] });

      const stopped = createTestSource();
      const other = driver.mountForm(createFieldStore(stopped), output, sync).root();
      await settle(() => {
        stopped.attempt(0);
        stopped.emit({ type: 'aborted', attempt: 0 });
      });
      expect(regions(other)).toEqual({ busy: ['false'], announced: ['Answer stopped.'] });
    });
  });
}

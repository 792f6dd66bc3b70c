// Markup that exists before the elements are defined upgrades when they are, keeping what a page
// set on the elements before; importing the classes alone defines nothing. (This file defines the
// elements itself, late: it does not use support/elements.)
import { createFieldStore, defineOutput } from '@fieldstream/core';
import { FieldstreamForm } from '@fieldstream/elements';
import { expect, it } from 'vitest';
import { streamText } from '../../core/test/store/patches';
import { createTestSource } from '../../core/test/store/test-source';

it('upgrades markup written before the elements were defined, with the properties set on it', async () => {
  expect(FieldstreamForm).toBeTypeOf('function');
  expect(customElements.get('fieldstream-form')).toBeUndefined();

  document.body.innerHTML = `
    <fieldstream-form schedule="sync"></fieldstream-form>
    <fieldstream-field path="summary" label="Summary" schedule="sync"></fieldstream-field>`;
  const source = createTestSource();
  const store = createFieldStore(source);
  // Not yet upgraded: plain elements, whatever the tag map says they become.
  const form = document.querySelector<HTMLElement>('[schedule]:not([path])') as HTMLElement & Record<string, unknown>;
  const field = document.querySelector<HTMLElement>('[path]') as HTMLElement & Record<string, unknown>;
  // Set while these are still plain HTMLElements: own properties the upgrade must take over.
  form.output = defineOutput({ summary: ['string'] });
  form.store = store;
  field.store = store;
  source.attempt(0);
  source.patches(0, streamText('summary', 'written early'));
  expect(document.querySelector('.fs-field')).toBeNull();

  await import('@fieldstream/elements/define');
  expect(customElements.get('fieldstream-form')).toBe(FieldstreamForm);
  expect(Object.hasOwn(form, 'store')).toBe(false);
  expect(form.store).toBe(store);
  const values = [...document.querySelectorAll('.fs-field')].map((node) => [
    node.getAttribute('data-path'),
    node.getAttribute('data-phase'),
    node.textContent,
  ]);
  expect(values).toEqual([
    ['summary', 'complete', 'summarywritten early'],
    ['summary', 'complete', 'Summarywritten early'],
  ]);
});

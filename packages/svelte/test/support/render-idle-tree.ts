// Loaded by the SSR Vite server of server-render.ts: svelte/server's render and the tree compiled for the server, in one module graph.
import type { FieldStore } from '@fieldstream/core';
import { render } from 'svelte/server';
import type { FormOutput } from '../../../core/test/bindings/binding-suite';
import IdleTree from './IdleTree.svelte';

export function renderIdleTree(store: FieldStore, output: FormOutput): string {
  return render(IdleTree, { props: { store, output } }).body;
}

import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

// A plain Vite + Svelte app: no aliases, no custom resolve conditions.
export default defineConfig({ plugins: [svelte()] });

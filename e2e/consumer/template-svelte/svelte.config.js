// vite-plugin-svelte and svelte-check read this: `<script lang="ts">` is stripped by vitePreprocess.
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default { preprocess: vitePreprocess() };

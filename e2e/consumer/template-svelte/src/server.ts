// The server entry (`vite build --ssr src/server.ts`): the app's HTML as a server would send it
// before anything started, printed to stdout.
import { render } from 'svelte/server';
import App from './App.svelte';

console.log(render(App).body);

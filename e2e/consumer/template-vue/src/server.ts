// The server entry (`vite build --ssr src/server.ts`): the app's HTML as a server would send it
// before anything started, printed to stdout.
import { createSSRApp } from 'vue';
import { renderToString } from 'vue/server-renderer';
import App from './App.vue';

console.log(await renderToString(createSSRApp(App)));

import { defineConfig } from 'vite';

// Library build: ESM only, dependencies external. `npm run build -w @fieldstream/core` prints
// the bundle sizes, which are a product metric.
export default defineConfig({
  build: {
    lib: { entry: { index: 'src/index.ts', testing: 'src/testing.ts' }, formats: ['es'] },
    rollupOptions: { external: [/^zustand/, /^yaml/, /^eventsource-parser/] },
    sourcemap: true,
    minify: false,
    target: 'es2022',
  },
});

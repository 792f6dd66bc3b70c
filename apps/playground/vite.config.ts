import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fieldstreamApi } from './server/vite-plugin.ts';

export default defineConfig({
  plugins: [react(), fieldstreamApi()],
  // Run the workspace packages from src/ through their `@fieldstream/source` export condition.
  resolve: { conditions: ['@fieldstream/source', 'module', 'browser', 'development|production'] },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: true },
});

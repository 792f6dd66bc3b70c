import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Run the workspace packages from src/ through their `source` export condition.
  resolve: { conditions: ['@fieldstream/source', 'module', 'browser', 'development|production'] },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: true },
});

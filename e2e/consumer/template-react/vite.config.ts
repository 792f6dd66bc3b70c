import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A plain Vite + React app: no aliases, no custom resolve conditions.
export default defineConfig({ plugins: [react()] });

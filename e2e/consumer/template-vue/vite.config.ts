import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// A plain Vite + Vue app: no aliases, no custom resolve conditions.
export default defineConfig({ plugins: [vue()] });

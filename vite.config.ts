import { svelte } from '@sveltejs/vite-plugin-svelte';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

// Tests run on the packages' `src/` through the `@fieldstream/source` export condition: no build needed.
const conditions = ['@fieldstream/source', 'module', 'development|production'];
const resolve = { conditions: [...conditions, 'browser'] };
const ssr = { resolve: { conditions, externalConditions: conditions } };

export default defineConfig({
  resolve,
  ssr,
  test: {
    projects: [
      {
        resolve,
        ssr,
        test: {
          name: 'core',
          environment: 'node',
          include: ['packages/core/test/**/*.test.ts'],
          testTimeout: 30_000,
          setupFiles: ['packages/core/test/support/register-formats.ts'],
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'react',
          environment: 'jsdom',
          include: ['packages/react/test/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          setupFiles: ['packages/core/test/support/register-formats.ts'],
        },
      },
      {
        resolve,
        ssr,
        plugins: [vue()],
        test: {
          name: 'vue',
          environment: 'jsdom',
          include: ['packages/vue/test/**/*.test.ts'],
          testTimeout: 30_000,
          setupFiles: ['packages/core/test/support/register-formats.ts'],
        },
      },
      {
        // Svelte's browser build in jsdom (its server build for the SSR tests, which import it themselves).
        resolve: { conditions: [...conditions, 'browser'] },
        ssr,
        plugins: [svelte()],
        test: {
          name: 'svelte',
          environment: 'jsdom',
          include: ['packages/svelte/test/**/*.test.{ts,svelte.ts}'],
          testTimeout: 30_000,
          setupFiles: ['packages/core/test/support/register-formats.ts'],
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'elements',
          environment: 'jsdom',
          include: ['packages/elements/test/**/*.test.ts'],
          testTimeout: 30_000,
          setupFiles: ['packages/core/test/support/register-formats.ts'],
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'devtools',
          environment: 'jsdom',
          include: ['packages/devtools/test/**/*.test.ts'],
          testTimeout: 30_000,
          setupFiles: ['packages/core/test/support/register-formats.ts'],
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'server',
          environment: 'node',
          include: ['packages/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          setupFiles: ['packages/core/test/support/register-formats.ts'],
        },
      },
      {
        // Type tests (`*.test-d.ts(x)`): vitest runs tsc on them; a type error fails its test.
        test: {
          name: 'types',
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ['packages/*/test/**/*.test-d.{ts,tsx}'],
            tsconfig: './tsconfig.type-tests.json',
          },
        },
      },
    ],
  },
});

// packages/devtools/README.md, "Quick start", verbatim: it must compile as written (no casts), and
// readme-examples.test.ts runs it (by importing this file).
import { createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';

const ticket = defineOutput({ title: ['string', 'a title', 'not_null'], priority: ['integer', '1-3'] });
const model = scriptedModel({ answers: ['{"title": "Printer jams", "priority": 2}'] });

// Your bundler's development flag (Vite: import.meta.env.DEV). In a production build it is false,
// the import below is never reached, and the panel is not in the bundle.
const development = process.env.NODE_ENV !== 'production';
if (development) {
  const { defineDevtools } = await import('@fieldstream/devtools');
  defineDevtools();
  const panel = document.createElement('fieldstream-devtools');
  // Records every response the page makes from now on, once it starts.
  panel.discover = true;
  document.body.append(panel);
}

const response = createResponse({ model, input: 'The printer jams', output: ticket });
export const data = await response.getData();

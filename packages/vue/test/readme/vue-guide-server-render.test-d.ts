// docs/guides/vue.md, "Server rendering", verbatim: it must compile as written, and vue-guide.test.ts
// runs it (by importing this file).
import { createFieldStore, defineOutput } from '@fieldstream/core';
import { FieldProgress, LiveForm } from '@fieldstream/vue';
import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';

const incident = defineOutput({ summary: ['string', 'one line'], actions: [['string', 'a next step']] });

export function renderIdlePanel(): Promise<string> {
  // An idle store: nothing starts or schedules on the server.
  const store = createFieldStore();
  const app = createSSRApp({
    render: () => [h(LiveForm, { output: incident, store }), h(FieldProgress, { output: incident, store })],
  });
  return renderToString(app);
}

import { type ReactElement, useEffect, useRef } from 'react';
import { createApp } from 'vue';
// The root tsc reads .vue imports through packages/vue/test/support/vue-files.d.ts; Vite compiles the SFC.
import VueApp from './vue-app.vue';

/**
 * The playground's live form, progress panel and tool-call cards written with @fieldstream/vue: a
 * Vue app mounted into this React page, and unmounted (its responses aborted) when it leaves.
 */
export function VuePage(): ReactElement {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = host.current;
    if (target === null) return;
    const app = createApp(VueApp);
    app.mount(target);
    return () => app.unmount();
  }, []);
  return (
    <div className="page">
      <h2>Vue</h2>
      <p className="muted">
        The same live form, progress panel and tool calls, written in Vue 3 with <code>@fieldstream/vue</code>.
      </p>
      <div ref={host} data-testid="vue-app" />
    </div>
  );
}

import { type ReactElement, useEffect, useRef } from 'react';
import { mount, unmount } from 'svelte';
import SvelteApp from './svelte-app.svelte';

/**
 * The playground's live form, progress panel and tool-call cards written with @fieldstream/svelte:
 * a Svelte app mounted into this React page, and unmounted (its responses aborted) when it leaves.
 */
export function SveltePage(): ReactElement {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = host.current;
    if (target === null) return;
    const app = mount(SvelteApp, { target });
    return () => {
      void unmount(app);
    };
  }, []);
  return (
    <div className="page">
      <h2>Svelte</h2>
      <p className="muted">
        The same live form, progress panel and tool calls, written in Svelte 5 with <code>@fieldstream/svelte</code>.
      </p>
      <div ref={host} data-testid="svelte-app" />
    </div>
  );
}

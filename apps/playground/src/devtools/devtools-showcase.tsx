import type { FieldStore, ModelResponse } from '@fieldstream/core';
import type { FieldstreamDevtools } from '@fieldstream/devtools';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { loadDevtools } from './devtools-dock';

/**
 * `<fieldstream-devtools>` attached to this page's run: each response it starts is recorded, and
 * its store's updates per frame are counted. The package is loaded when the page first shows it.
 */
export function DevtoolsShowcase({
  response,
  store,
}: {
  response: ModelResponse | undefined;
  store: FieldStore<unknown>;
}): ReactElement {
  const host = useRef<HTMLDivElement>(null);
  const [panel, setPanel] = useState<FieldstreamDevtools | undefined>(undefined);
  useEffect(() => {
    let mounted = true;
    let created: FieldstreamDevtools | undefined;
    void loadDevtools().then(() => {
      if (!mounted || host.current === null) return;
      created = document.createElement('fieldstream-devtools');
      host.current.append(created);
      setPanel(created);
    });
    return () => {
      mounted = false;
      created?.remove();
    };
  }, []);
  useEffect(() => {
    if (panel === undefined || response === undefined) return undefined;
    const run = panel.attach(response);
    return () => run.stop();
  }, [panel, response]);
  useEffect(
    () => (panel === undefined ? undefined : panel.attachStore(store, { label: 'the page store' })),
    [panel, store],
  );
  return <div ref={host} className="devtools-showcase" data-testid="devtools-showcase" />;
}

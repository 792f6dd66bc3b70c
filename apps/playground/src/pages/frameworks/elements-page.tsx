import { type ReactElement, useEffect, useRef } from 'react';
import { mountElementsApp } from './elements-app';

/**
 * The playground's live form, progress panel and tool-call cards written with
 * @fieldstream/elements: custom elements in a plain DOM tree inside this React page, taken down
 * (their responses aborted) when it leaves.
 */
export function ElementsPage(): ReactElement {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = host.current;
    return target === null ? undefined : mountElementsApp(target);
  }, []);
  return (
    <div className="page">
      <h2>Custom elements</h2>
      <p className="muted">
        The same live form, progress panel and tool calls, with <code>&lt;fieldstream-form&gt;</code>,{' '}
        <code>&lt;fieldstream-progress&gt;</code> and <code>&lt;fieldstream-field&gt;</code> from{' '}
        <code>@fieldstream/elements</code>: no framework.
      </p>
      <div ref={host} data-testid="elements-app" />
    </div>
  );
}

import type { ResponseMeta } from '@fieldstream/core';
import type { ReactElement } from 'react';

const NOT_REPORTED = 'not reported';

/** `getMeta()` of a settled response: provider, model, finish reason and token usage. */
export function ProviderMetaPanel({
  meta,
  adapter,
}: {
  meta: ResponseMeta | undefined;
  /** The adapter the page ran (some wires report no provider name of their own). */
  adapter: string | undefined;
}): ReactElement {
  if (meta === undefined) {
    return (
      <section className="panel">
        <h3>Meta</h3>
        <p className="muted" data-testid="meta-pending">
          getMeta() resolves when the response settles.
        </p>
      </section>
    );
  }
  const usage = meta.usage ?? {};
  const rows: [string, string, unknown][] = [
    ['adapter', 'meta-adapter', adapter],
    ['provider (reported)', 'meta-provider', meta.provider],
    ['model', 'meta-model', meta.model],
    ['finish reason', 'meta-finish-reason', meta.finishReason],
    ['input tokens', 'meta-input-tokens', usage.inputTokens],
    ['output tokens', 'meta-output-tokens', usage.outputTokens],
    ['total tokens', 'meta-total-tokens', usage.totalTokens],
    ['status', 'meta-status', meta.status],
    ['attempts', 'meta-attempts', meta.attempts],
    ['format', 'meta-format', meta.resolvedFormat],
  ];
  return (
    <section className="panel">
      <h3>Meta</h3>
      <dl className="provider-meta" data-testid="provider-meta" data-status={meta.status}>
        {rows.map(([label, testId, value]) => (
          <div key={testId}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{shown(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Provider meta is data from the wire: shown as text, and only when it is a plain value. */
function shown(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : NOT_REPORTED;
}

// The React guide's retry snippet (docs/guides/react.md, "Status and retries"), verbatim:
// readme-snippets.test.ts checks that it appears here.
import type { FieldStore } from '@fieldstream/core';
import { type RetryInfo, useStreamStatus } from '@fieldstream/react';
import { expectTypeOf } from 'vitest';

type Ticket = { summary: string };

function RetryNote({ store }: { store: FieldStore<Ticket> }) {
  const { status, retry } = useStreamStatus(store);
  if (status !== 'retrying' || retry === undefined) return null;
  return (
    <p role="status">
      Retrying as attempt {retry.attempt + 1}
      {retry.reason === undefined ? '' : ` (${retry.reason})`}
      {retry.message === undefined ? '' : `: ${retry.message}`}
      {retry.delayMs > 0 ? ` in ${Math.ceil(retry.delayMs / 1000)} s` : ''}
    </p>
  );
}

// What the guide says about the retry record, checked.
function RetryTypes({ store }: { store: FieldStore<Ticket> }) {
  const { retry } = useStreamStatus(store);
  expectTypeOf(retry).toEqualTypeOf<RetryInfo | undefined>();
  expectTypeOf<RetryInfo['reason']>().toEqualTypeOf<string | undefined>();
  expectTypeOf<RetryInfo['message']>().toEqualTypeOf<string | undefined>();
  expectTypeOf<RetryInfo['delayMs']>().toEqualTypeOf<number>();
  return <RetryNote store={store} />;
}
export { RetryTypes };

// packages/react/README.md, the opening example, verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { useInstantField, useResponse } from '@fieldstream/react';

const incident = defineOutput({ status_summary: ['string', 'one-line status', true] });
const model = scriptedModel({ answers: ['{"status_summary": "EU card payments degraded"}'], delayMs: 30 });

export function IncidentPanel() {
  const { store, start } = useResponse((signal) =>
    createResponse({ model, input: 'status?', output: incident, format: 'json', signal }),
  );
  const summary = useInstantField(store, 'status_summary');
  return (
    <>
      <button type="button" onClick={() => start()}>Ask</button>
      <p>{summary.value}</p>
    </>
  );
}

expectTypeOf(IncidentPanel).returns.not.toBeAny();

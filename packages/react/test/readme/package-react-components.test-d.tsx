// packages/react/README.md, "Components", verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { FieldProgress, FieldText, LiveForm, useResponse } from '@fieldstream/react';
import '@fieldstream/react/styles.css';

const report = defineOutput({
  title: ['string', 'title', 'not_null'],
  score: ['integer', '0-10'],
  risks: [['string', 'a risk']],
});
const model = scriptedModel({ answers: ['{"title": "Checkout", "score": 7, "risks": ["latency"]}'], delayMs: 20 });

export function Report() {
  const { store, start } = useResponse((signal) =>
    createResponse({ model, input: 'checkout health', output: report, format: 'json', signal }),
  );
  return (
    <>
      <button type="button" onClick={() => start()}>Run</button>
      <LiveForm
        output={report}
        store={store}
        className="my-form"
        renderValue={(field, path) => (path === 'score' ? <meter min={0} max={10} value={Number(field.value ?? 0)} /> : <FieldText value={field.value} />)}
      />
      <FieldProgress output={report} store={store} schedule="frame" />
    </>
  );
}

expectTypeOf(Report).returns.not.toBeAny();

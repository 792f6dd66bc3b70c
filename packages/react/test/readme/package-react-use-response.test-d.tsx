// packages/react/README.md, "useResponse", verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createResponse, defineOutput, openAIChat } from '@fieldstream/core';
import { useResponse, useStreamStatus } from '@fieldstream/react';

const answer = defineOutput({ reply: ['string', 'the answer', 'not_null'] });
const model = openAIChat({ baseURL: '/api', model: 'gpt-4.1-mini' });

// Starts on mount and again whenever `question` changes; the previous answer is aborted.
function Answer({ question }: { question: string }) {
  const { store, start, abort } = useResponse(
    (signal) => createResponse({ model, input: question, output: answer, signal }),
    { startKey: question, onRetry: 'clear' },
  );
  const { status } = useStreamStatus(store);
  return (
    <p>
      {status} <button type="button" onClick={() => start()}>Again</button>{' '}
      <button type="button" onClick={abort}>Stop</button>
    </p>
  );
}

// Starts on demand, with arguments: `start(topic)` passes them after the signal.
function Ask() {
  const { store, start } = useResponse((signal, topic: string) =>
    createResponse({ model, input: `Explain ${topic}`, output: answer, signal }),
  );
  const { status } = useStreamStatus(store);
  return <button type="button" disabled={status === 'streaming'} onClick={() => start('SSE')}>Ask</button>;
}

export { Answer, Ask };
expectTypeOf(Ask).returns.not.toBeAny();

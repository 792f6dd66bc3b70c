import { createWorkerResponse } from '@fieldstream/core/worker';
import { useResponse, useStreamStatus } from '@fieldstream/react';
import { type ReactElement, useState } from 'react';
import { isStreamingStatus } from '../../components/busy';
import { FormAndFinal } from '../../components/form-and-final';
import { RunStatus } from '../../components/run-status';
import { Toggle } from '../../controls/toggle';
import { FIELD_COUNT, firstSectionFilled, report, reportAnswer } from './report-schema';

const makeWorker = () => new Worker(new URL('./playground-worker.ts', import.meta.url), { type: 'module' });

type Run = { inWorker: boolean; validatorRetry: boolean };

/**
 * The same response parsed in a Worker or on the main thread: the transport and the incremental
 * parse run in the worker, the page gets patches at most once per frame, and the validator (a
 * function) runs here after each final parse — a rejection makes the worker retry.
 */
export function WorkerPage(): ReactElement {
  const [inWorker, setInWorker] = useState(true);
  const [validatorRetry, setValidatorRetry] = useState(true);
  const [ranIn, setRanIn] = useState<string>('');
  const run = useResponse((signal, options: Run) => {
    setRanIn(options.inWorker ? 'worker' : 'main-thread');
    return createWorkerResponse({
      model: {
        provider: 'scriptedModel',
        answers: [reportAnswer(options.validatorRetry), reportAnswer(false)],
        chunkSize: 12,
        delayMs: 4,
      },
      input: 'Write the quarterly report, one paragraph per section.',
      output: report,
      format: 'json',
      validate: { name: 'first-section-filled', validate: firstSectionFilled },
      worker: options.inWorker ? makeWorker : false,
      signal,
    });
  });
  const { status } = useStreamStatus(run.store);
  const running = isStreamingStatus(status);
  return (
    <div className="page">
      <h2>Parsing in a Worker</h2>
      <p className="muted">
        {FIELD_COUNT} paragraphs streamed by the built-in model. With the Worker on, the transport and the incremental
        parse run off the main thread and the page receives patches in batches, once per frame; the validator runs here.
      </p>
      <div className="controls">
        <Toggle testId="worker-toggle" checked={inWorker} onChange={setInWorker} label="Parse in a Worker" />
        <Toggle
          testId="worker-validator-toggle"
          checked={validatorRetry}
          onChange={setValidatorRetry}
          label="First attempt fails the main-thread validator"
        />
        <button
          type="button"
          data-testid="worker-start"
          disabled={running}
          onClick={() => run.start({ inWorker, validatorRetry })}
        >
          Generate
        </button>
        <button type="button" data-testid="worker-abort" disabled={!running} onClick={run.abort}>
          Stop
        </button>
        <span data-testid="worker-where" data-where={ranIn}>
          {ranIn === '' ? '' : `parsed in: ${ranIn === 'worker' ? 'a Worker' : 'the main thread'}`}
        </span>
      </div>
      <RunStatus store={run.store} scenario={undefined} />
      <FormAndFinal title="Quarterly report" testId="worker-live-form" output={report} store={run.store} />
    </div>
  );
}

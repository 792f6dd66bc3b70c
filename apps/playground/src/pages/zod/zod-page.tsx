import { createResponse, type FieldStore } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { FieldProgress, LiveForm, useInstantField, useResponse, useStreamStatus } from '@fieldstream/react';
import type { ReactElement } from 'react';
import { isStreamingStatus } from '../../components/busy';
import { FinalData } from '../../components/final-data';
import { RunStatus } from '../../components/run-status';
import { RELEASE_ANSWER, Release, type ReleaseData, type ReleaseInput } from './release-schema';

/** The store of a `Release` response: final data of the output, streamed values of the input. */
type ReleaseStore = FieldStore<ReleaseData, ReleaseInput>;

/**
 * A zod schema given as it is to `createResponse`, `<LiveForm>` and `<FieldProgress>`: the form is
 * laid out from what the model writes (the schema's input), and the transform, the default and
 * the enum apply when the response is validated. Runs in this page (a scripted model), no server.
 */
export function ZodPage(): ReactElement {
  const run = useResponse((signal) =>
    createResponse({
      model: scriptedModel({ answers: [RELEASE_ANSWER], chunkSize: 4, delayMs: 40 }),
      input: 'Write the release note for Fieldstream 0.2.',
      output: Release,
      format: 'json',
      signal,
    }),
  );
  // A response carries the output type; naming the input types what streams.
  const store: ReleaseStore = run.store;
  const { status } = useStreamStatus(store);
  const running = isStreamingStatus(status);
  return (
    <div className="page">
      <h2>Zod schema</h2>
      <p className="muted">
        A zod schema with a transform (<code>tags</code>: one string in, a list out), a default (<code>reviewers</code>
        ), an enum, a nullable and an optional field, given as it is to <code>createResponse</code>,{' '}
        <code>&lt;LiveForm&gt;</code> and <code>&lt;FieldProgress&gt;</code>. While it streams the fields hold what the
        model writes; the validated output replaces them at the end.
      </p>
      <div className="controls">
        <button type="button" data-testid="zod-start" disabled={running} onClick={() => run.start()}>
          Generate
        </button>
        <button type="button" data-testid="zod-abort" disabled={!running} onClick={run.abort}>
          Stop
        </button>
      </div>
      <RunStatus store={store} scenario={undefined} />
      <div className="columns">
        <div className="stack">
          <section className="panel" data-testid="zod-live-form">
            <h3>Release note</h3>
            <LiveForm output={Release} store={store} />
          </section>
          <section className="panel">
            <h3>Tags</h3>
            <TagList store={store} />
          </section>
        </div>
        <div className="stack">
          <section className="panel" data-testid="zod-progress">
            <h3>Fields</h3>
            <FieldProgress output={Release} store={store} />
          </section>
          <FinalData store={store} />
        </div>
      </div>
    </div>
  );
}

/** `tags` is the text the model writes until the final data's list replaces it: both are handled. */
function TagList({ store }: { store: ReleaseStore }): ReactElement {
  const { value } = useInstantField(store, 'tags');
  if (value === undefined)
    return (
      <p className="muted" data-testid="zod-tags" data-state="pending">
        Not yet written.
      </p>
    );
  if (typeof value === 'string')
    return (
      <p data-testid="zod-tags" data-state="streaming">
        Streaming text: <code>{value}</code>
      </p>
    );
  return (
    <ul className="tag-list" data-testid="zod-tags" data-state="final">
      {value.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  );
}

import type { FieldStore, OutputDefinition } from '@fieldstream/core';
import { LiveForm } from '@fieldstream/react';
import type { ReactElement } from 'react';
import { FinalData } from './final-data';

/** A page's two columns: the live form of `output` (titled, with a test id) and the final data. */
export function FormAndFinal<Data>({
  title,
  testId,
  output,
  store,
}: {
  title: string;
  testId: string;
  output: OutputDefinition<Data>;
  store: FieldStore<Data>;
}): ReactElement {
  return (
    <div className="columns">
      <section className="panel" data-testid={testId}>
        <h3>{title}</h3>
        <LiveForm output={output} store={store} />
      </section>
      <FinalData store={store} />
    </div>
  );
}

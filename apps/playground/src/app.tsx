import { defineOutput, selectFormat } from '@fieldstream/core';
import { FieldText } from '@fieldstream/react';
import type { ReactElement } from 'react';

const incident = defineOutput({
  status_summary: ['string', 'one-line status', true],
  meta: { score: ['integer', '0-10'] },
});

export function App(): ReactElement {
  return (
    <main>
      <h1>Fieldstream playground</h1>
      <p>
        Auto format for the incident schema: <FieldText value={selectFormat(incident)} />
      </p>
    </main>
  );
}

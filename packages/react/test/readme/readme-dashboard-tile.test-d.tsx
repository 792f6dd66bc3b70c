// The README's dashboard tile, verbatim (after the names it takes from the tour: createResponse,
// defineOutput, model). It compiles without a cast: the tile's paths are checked against its schema.
// readme-examples.test.tsx renders it.
// packages/core/test/readme/readme-snippets.test.ts checks that every README snippet appears in one of these files.
import { createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { expectTypeOf } from 'vitest';

// Each tile's answer names its metric.
const model = scriptedModel({
  answers: (request) => `{"headline": "${request.prompt.includes('latency') ? 'latency' : 'errors'} steady", "trend": "flat"}`,
  delayMs: 1,
});

import { useInstantField, useResponse, useStreamStatus } from '@fieldstream/react';

const tile = defineOutput({ headline: ['string', 'one line', true], trend: ['string', 'up, down or flat'] });

function Tile({ metric }: { metric: string }) {
  const { store } = useResponse(
    (signal) => createResponse({ model, input: `Summarise ${metric}`, output: tile, format: 'json', signal }),
    { startKey: metric }, // starts on mount, and again (aborting the last) when `metric` changes
  );
  const { status } = useStreamStatus(store);
  const headline = useInstantField(store, 'headline');
  return (
    <article data-status={status}>
      <h3>{metric}</h3>
      <p>{headline.value}</p>
    </article>
  );
}

export function Dashboard({ metrics }: { metrics: string[] }) {
  return <>{metrics.map((metric) => <Tile key={metric} metric={metric} />)}</>;
}
// What the snippet relies on, checked.
function TileTypes() {
  const { store } = useResponse((signal) => createResponse({ model, input: 'x', output: tile, format: 'json', signal }));
  expectTypeOf(useInstantField(store, 'headline').value).toEqualTypeOf<string | null | undefined>();
  // @ts-expect-error a path the tile's schema does not have
  useInstantField(store, 'headlines');
  return <Dashboard metrics={['checkout']} />;
}
export { TileTypes };

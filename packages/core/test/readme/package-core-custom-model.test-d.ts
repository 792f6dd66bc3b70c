// packages/core/README.md, "Providers", a model of your own, verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import type { Model } from '@fieldstream/core';

// Your own model: yield text (and optionally reasoning, meta or ready-made patches).
const echo: Model = async function* (request, { signal }) {
  for (const word of ['{"summary": ', '"all good"}']) {
    if (signal.aborted) return;
    yield { type: 'text', delta: word };
  }
  yield { type: 'meta', meta: { model: 'echo', attempt: request.attempt } };
};

expectTypeOf(echo).toEqualTypeOf<Model>();

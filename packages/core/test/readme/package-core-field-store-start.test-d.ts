// packages/core/README.md, "The field store": the store does not start the response. Verbatim.
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { createFieldStore, type FieldStore, type ModelResponse } from '@fieldstream/core';
import { expectTypeOf } from 'vitest';

declare const response: ModelResponse<{ title: string }>;

const store = createFieldStore(response); // listens only: status stays 'idle'
response.start();                         // now the answer streams into the store

expectTypeOf(store).toEqualTypeOf<FieldStore<{ title: string }>>();

// packages/core/README.md, "Parsing without a model", verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createStreamParser, defineOutput, parseOutput, xmlFieldFormat } from '@fieldstream/core';

const card = defineOutput({ title: ['string', 'title'], body: ['string', 'body'] });
const parser = createStreamParser({ format: 'xml_field', output: card, formats: [xmlFieldFormat] });
for (const chunk of ['<agently_output><field name="title" type="text">Hel', 'lo</field></agently_output>']) {
  for (const patch of parser.push(chunk)) console.log(patch.path, patch.delta);
}
parser.finish();
console.log(parser.snapshot()); // { title: 'Hello' }
console.log(parseOutput('```json\n{"title": "Hi",}\n```', { format: 'json' })); // { title: 'Hi' }

expectTypeOf(parser.snapshot()).toEqualTypeOf<unknown>();

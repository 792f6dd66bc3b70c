// The server side of the playground: every format registered (as in the browser), and the yaml
// package and json's lenient final reader loaded up front, because the Agently wire parses whole
// answers synchronously (a parser's prepare() on no text loads the reader).
import '../src/register-formats';
import { createStreamParser, yamlLiteralFormat } from '@fieldstream/core';

await yamlLiteralFormat.prepare();
await createStreamParser({ format: 'json' }).prepare();

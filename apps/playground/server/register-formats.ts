// The server side of the playground: every format registered (as in the browser), and the yaml
// package loaded up front, because the Agently wire parses whole answers synchronously.
import '../src/register-formats';
import { yamlLiteralFormat } from '@fieldstream/core';

await yamlLiteralFormat.prepare();

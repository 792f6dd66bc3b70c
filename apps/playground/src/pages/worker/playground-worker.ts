// The playground's own worker script: the pattern for an app with its own formats (see the README's
// "Parsing in a Worker"). Every built-in format is registered, as on the main thread.
import { flatMarkdownFormat, hybridFormat, registerFormat, xmlFieldFormat, yamlLiteralFormat } from '@fieldstream/core';
import { serveWorkerResponses } from '@fieldstream/core/worker';

registerFormat(hybridFormat, xmlFieldFormat, yamlLiteralFormat, flatMarkdownFormat);
serveWorkerResponses(self);

// The package's worker script (`createWorkerResponse`'s default worker): every built-in format, served on `self`.
import { flatMarkdownFormat } from './formats/flat-markdown/index';
import { registerFormat } from './formats/format-registry';
import { hybridFormat } from './formats/hybrid/index';
import { xmlFieldFormat } from './formats/xml-field/index';
import { yamlLiteralFormat } from './formats/yaml-literal/index';
import type { WorkerScope } from './worker/protocol';
import { serveWorkerResponses } from './worker/worker-host';

registerFormat(hybridFormat, xmlFieldFormat, yamlLiteralFormat, flatMarkdownFormat);
serveWorkerResponses(globalThis as unknown as WorkerScope);

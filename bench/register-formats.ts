// The benchmarks use every format by name, so they register the optional ones once (decision 0013),
// and load the yaml package and json's lenient final reader up front: they parse synchronously.

import { loadJsonRepair } from '../packages/core/src/formats/json/json-repair';
import {
  flatMarkdownFormat,
  hybridFormat,
  registerFormat,
  xmlFieldFormat,
  yamlLiteralFormat,
} from '../packages/core/src/index';

registerFormat(hybridFormat, xmlFieldFormat, yamlLiteralFormat, flatMarkdownFormat);
await yamlLiteralFormat.prepare();
await loadJsonRepair();

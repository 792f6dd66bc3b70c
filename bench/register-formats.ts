// The benchmarks use every format by name, so they register the optional ones once (decision 0013),
// and load the yaml package up front: they parse yaml_literal synchronously.
import {
  flatMarkdownFormat,
  hybridFormat,
  registerFormat,
  xmlFieldFormat,
  yamlLiteralFormat,
} from '../packages/core/src/index';

registerFormat(hybridFormat, xmlFieldFormat, yamlLiteralFormat, flatMarkdownFormat);
await yamlLiteralFormat.prepare();

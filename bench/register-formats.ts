// The benchmarks use every format by name, so they register the optional ones once (decision 0012).
import {
  flatMarkdownFormat,
  hybridFormat,
  registerFormat,
  xmlFieldFormat,
  yamlLiteralFormat,
} from '../packages/core/src/index';

registerFormat(hybridFormat, xmlFieldFormat, yamlLiteralFormat, flatMarkdownFormat);

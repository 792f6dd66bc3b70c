// The playground explores every format by name, so it registers all of them once at start-up
// (an app that uses one or two formats registers only those; decision 0013). The yaml package still
// loads only when a yaml_literal answer goes beyond the fast subset (responses await it).
import { flatMarkdownFormat, hybridFormat, registerFormat, xmlFieldFormat, yamlLiteralFormat } from '@fieldstream/core';

registerFormat(hybridFormat, xmlFieldFormat, yamlLiteralFormat, flatMarkdownFormat);

// vitest setup file: the test suites use every format by name, as the playground does, so they
// register the optional ones once, and load the yaml package up front so yaml_literal streams the
// same way in every test; json's lenient final reader is loaded up front too, so a stream parser's
// synchronous finish() repairs as parseOutput does. Tests of registration and loading use fresh
// module instances.
import { registerFormat } from '../../src/formats/format-registry';
import { loadJsonRepair } from '../../src/formats/json/json-repair';
import { yamlLiteralFormat } from '../../src/formats/yaml-literal/index';
import { optionalFormats } from './all-formats';

registerFormat(...optionalFormats);
await yamlLiteralFormat.prepare();
await loadJsonRepair();

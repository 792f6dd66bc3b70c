// vitest setup file: the test suites use every format by name, as the playground does, so they
// register the optional ones once. Tests of the registration itself use fresh module instances.
import { registerFormat } from '../../src/formats/format-registry';
import { optionalFormats } from './all-formats';

registerFormat(...optionalFormats);

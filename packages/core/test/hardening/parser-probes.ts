// Bad input to the parsers: createStreamParser and each format's parser, parseOutput, and the
// reasoning splitter.
import type { Probe } from './probe-api';

const FORMATS = ['json', 'hybrid', 'xml_field', 'yaml_literal', 'flat_markdown', 'text'] as const;

export const parserProbes: Probe[] = [
  { name: 'createStreamParser()', mentions: 'options', run: (api) => api.createStreamParser() },
  { name: 'createStreamParser(null)', mentions: 'options', run: (api) => api.createStreamParser(null) },
  {
    name: "createStreamParser({ format: 'bogus' })",
    mentions: 'format',
    run: (api) => api.createStreamParser({ format: 'bogus' }),
  },
  {
    name: 'createStreamParser({ format: 42 })',
    mentions: 'format',
    run: (api) => api.createStreamParser({ format: 42 }),
  },
  { name: 'createStreamParser({})', mentions: 'format', run: (api) => api.createStreamParser({}) },
  {
    name: "createStreamParser({ maxDepth: 'x' })",
    mentions: 'maxDepth',
    run: (api) => api.createStreamParser({ format: 'json', maxDepth: 'x' }),
  },
  {
    name: 'createStreamParser({ maxDepth: NaN })',
    mentions: 'maxDepth',
    run: (api) => api.createStreamParser({ format: 'json', maxDepth: Number.NaN }),
  },
  {
    name: 'createStreamParser({ output: 42 })',
    mentions: 'output',
    run: (api) => api.createStreamParser({ format: 'json', output: 42 }),
  },
  {
    name: 'createStreamParser({ onText: 42 })',
    mentions: 'onText',
    run: (api) => api.createStreamParser({ format: 'json', onText: 42 }),
  },
  ...FORMATS.flatMap((format): Probe[] => [
    { name: `${format} push(null)`, mentions: 'chunk', run: (api) => api.createStreamParser({ format }).push(null) },
    { name: `${format} push(42)`, mentions: 'chunk', run: (api) => api.createStreamParser({ format }).push(42) },
    { name: `${format} push({})`, mentions: 'chunk', run: (api) => api.createStreamParser({ format }).push({}) },
    {
      name: `${format} push() after finish()`,
      mentions: 'finish',
      run: (api) => {
        const parser = api.createStreamParser({ format });
        parser.push('abc');
        parser.finish();
        return parser.push('more');
      },
    },
  ]),
  { name: 'json push()', mentions: 'chunk', run: (api) => api.createStreamParser({ format: 'json' }).push() },

  // parseOutput
  { name: 'parseOutput(42)', mentions: 'text', run: (api) => api.parseOutput(42) },
  { name: 'parseOutput(null)', mentions: 'text', run: (api) => api.parseOutput(null) },
  { name: 'parseOutput()', mentions: 'text', run: (api) => api.parseOutput() },
  { name: 'parseOutputDetailed({})', mentions: 'text', run: (api) => api.parseOutputDetailed({}) },
  {
    name: "parseOutput('{}', { format: 'bogus' })",
    mentions: 'format',
    run: (api) => api.parseOutput('{}', { format: 'bogus' }),
  },
  { name: "parseOutput('{}', 42)", mentions: 'options', run: (api) => api.parseOutput('{}', 42) },
  {
    name: "parseOutput('{}', { maxDepth: 'x' })",
    mentions: 'maxDepth',
    run: (api) => api.parseOutput('{}', { maxDepth: 'x' }),
  },
  {
    name: "parseOutput('{}', { output: 42 })",
    mentions: 'output',
    run: (api) => api.parseOutput('{}', { output: 42 }),
  },

  // reasoning
  { name: 'splitReasoning(42)', mentions: 'text', run: (api) => api.splitReasoning(42) },
  { name: 'splitReasoning(null)', mentions: 'text', run: (api) => api.splitReasoning(null) },
  { name: 'ReasoningSplitter.push(42)', mentions: 'chunk', run: (api) => new api.ReasoningSplitter().push(42) },
];

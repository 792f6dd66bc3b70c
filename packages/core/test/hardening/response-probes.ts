// Bad input to createResponse and to a response's methods.
import { cyclicObject } from './cyclic-values';
import type { Api, Probe } from './probe-api';

const model = (api: Api) => api.scriptedModel({ answers: ['{"a": 1}'] });
const response = (api: Api, options: Record<string, unknown>) =>
  api.createResponse({ model: model(api), input: 'x', ...options });

export const responseProbes: Probe[] = [
  { name: 'createResponse()', mentions: 'options', run: (api) => api.createResponse() },
  { name: 'createResponse(null)', mentions: 'options', run: (api) => api.createResponse(null) },
  { name: 'createResponse(42)', mentions: 'options', run: (api) => api.createResponse(42) },
  { name: 'createResponse({ input })', mentions: 'model', run: (api) => api.createResponse({ input: 'x' }) },
  {
    name: 'createResponse({ model: 42 })',
    mentions: 'model',
    run: (api) => api.createResponse({ model: 42, input: 'x' }),
  },
  { name: 'createResponse({ signal: {} })', mentions: 'signal', run: (api) => response(api, { signal: {} }) },
  { name: "createResponse({ format: 'bogus' })", mentions: 'format', run: (api) => response(api, { format: 'bogus' }) },
  { name: 'createResponse({ format: 42 })', mentions: 'format', run: (api) => response(api, { format: 42 }) },
  {
    name: 'createResponse({ maxRetries: NaN })',
    mentions: 'maxRetries',
    run: (api) => response(api, { maxRetries: Number.NaN }),
  },
  {
    name: 'createResponse({ maxRetries: -1 })',
    mentions: 'maxRetries',
    run: (api) => response(api, { maxRetries: -1 }),
  },
  {
    name: "createResponse({ maxRetries: '3' })",
    mentions: 'maxRetries',
    run: (api) => response(api, { maxRetries: '3' }),
  },
  { name: "createResponse({ maxDepth: 'x' })", mentions: 'maxDepth', run: (api) => response(api, { maxDepth: 'x' }) },
  {
    name: 'createResponse({ maxDepth: NaN })',
    mentions: 'maxDepth',
    run: (api) => response(api, { maxDepth: Number.NaN }),
  },
  { name: 'createResponse({ maxDepth: -1 })', mentions: 'maxDepth', run: (api) => response(api, { maxDepth: -1 }) },
  { name: 'createResponse({ validate: [42] })', mentions: 'validate', run: (api) => response(api, { validate: [42] }) },
  { name: 'createResponse({ validate: 42 })', mentions: 'validate', run: (api) => response(api, { validate: 42 }) },
  { name: 'createResponse({ validate: null })', mentions: 'validate', run: (api) => response(api, { validate: null }) },
  {
    name: 'createResponse({ responseFormat: 42 })',
    mentions: 'responseFormat',
    run: (api) => response(api, { responseFormat: 42 }),
  },
  {
    name: "createResponse({ responseFormat: { type: 'bogus' } })",
    mentions: 'responseFormat',
    run: (api) => response(api, { responseFormat: { type: 'bogus' } }),
  },
  { name: 'createResponse({ output: 42 })', mentions: 'output', run: (api) => response(api, { output: 42 }) },
  { name: 'createResponse({ instruct: 42 })', mentions: 'instruct', run: (api) => response(api, { instruct: 42 }) },
  { name: 'createResponse({ settings: 42 })', mentions: 'settings', run: (api) => response(api, { settings: 42 }) },
  {
    name: "createResponse({ raiseEnsureFailure: 'yes' })",
    mentions: 'raiseEnsureFailure',
    run: (api) => response(api, { raiseEnsureFailure: 'yes' }),
  },
  {
    name: 'createResponse({ ensureAllKeys: 1 })',
    mentions: 'ensureAllKeys',
    run: (api) => response(api, { ensureAllKeys: 1 }),
  },
  { name: 'createResponse({ system: 42 })', mentions: 'system', run: (api) => response(api, { system: 42 }) },
  {
    name: 'createResponse({ capabilities: 42 })',
    mentions: 'capabilities',
    run: (api) => response(api, { capabilities: 42 }),
  },
  {
    name: 'createResponse({ input: cyclic })',
    mentions: 'input',
    run: (api) => api.createResponse({ model: model(api), input: cyclicObject() }).getData(),
  },
  { name: 'response.observe(42)', mentions: 'listener', run: (api) => response(api, {}).observe(42) },
  { name: 'response.subscribe(42)', mentions: 'listener', run: (api) => response(api, {}).subscribe(42) },
  { name: 'response.validate(42)', mentions: 'validator', run: (api) => response(api, {}).validate(42) },
  { name: 'response.abort(42)', mentions: 'reason', run: (api) => response(api, {}).abort(42) },
];

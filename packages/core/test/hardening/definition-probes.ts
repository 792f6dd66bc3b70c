// Bad input to what defines an output: defineOutput, selectFormat and the kits' definitions.
import { cyclicArray, cyclicObject } from './cyclic-values';
import type { Probe } from './probe-api';

export const definitionProbes: Probe[] = [
  { name: 'defineOutput(42)', mentions: 'schema', errorName: 'SchemaError', run: (api) => api.defineOutput(42) },
  { name: 'defineOutput(null)', mentions: 'schema', errorName: 'SchemaError', run: (api) => api.defineOutput(null) },
  { name: 'defineOutput()', mentions: 'schema', errorName: 'SchemaError', run: (api) => api.defineOutput() },
  {
    name: 'defineOutput(cyclic object)',
    mentions: 'cycl',
    errorName: 'SchemaError',
    run: (api) => api.defineOutput(cyclicObject()),
  },
  {
    name: 'defineOutput(cyclic array)',
    mentions: 'cycl',
    errorName: 'SchemaError',
    run: (api) => api.defineOutput(cyclicArray()),
  },
  {
    name: 'defineOutput({ a: { b: cyclic } })',
    mentions: 'cycl',
    errorName: 'SchemaError',
    run: (api) => api.defineOutput({ a: { b: cyclicObject() } }),
  },
  {
    name: 'defineOutput(s, { ensure: 42 })',
    mentions: 'ensure',
    run: (api) => api.defineOutput({ a: ['string'] }, { ensure: 42 }),
  },
  {
    name: 'defineOutput(s, { ensure: [42] })',
    mentions: 'ensure',
    run: (api) => api.defineOutput({ a: ['string'] }, { ensure: [42] }),
  },
  {
    name: "defineOutput(s, { ensure: { a: 'bogus' } })",
    mentions: 'ensure',
    run: (api) => api.defineOutput({ a: ['string'] }, { ensure: { a: 'bogus' } }),
  },
  { name: 'defineOutput(s, 42)', mentions: 'options', run: (api) => api.defineOutput({ a: ['string'] }, 42) },
  {
    name: "defineOutput({ a: ['strng'] })",
    mentions: 'strng',
    errorName: 'SchemaError',
    run: (api) => api.defineOutput({ a: ['strng'] }),
  },
  { name: 'selectFormat(42)', mentions: 'output', run: (api) => api.selectFormat(42) },

  // kits
  { name: 'defineContract(42)', mentions: 'contract', run: (api) => api.defineContract(42) },
  { name: 'defineContract(null)', mentions: 'contract', run: (api) => api.defineContract(null) },
  { name: 'defineAnswerFlow(42)', mentions: 'definition', run: (api) => api.defineAnswerFlow(42) },
  { name: 'defineAnswerFlow(null)', mentions: 'definition', run: (api) => api.defineAnswerFlow(null) },
  { name: 'planOutputContract(42, {})', mentions: 'capabilities', run: (api) => api.planOutputContract(42, {}) },
];

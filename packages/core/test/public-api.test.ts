// The runtime public surface of both entries, spelled out: adding or removing an export means
// editing this list, so every change to the API is deliberate (DESIGN.md §3 names the core of it).
import * as core from '@fieldstream/core';
import * as testing from '@fieldstream/core/testing';
import { describe, expect, it } from 'vitest';

const CORE_EXPORTS = [
  'AbortError',
  'AgentlyInstantNormaliser',
  'AnswerFlowError',
  'ContractError',
  'DepthLimitError',
  'EnsureError',
  'FieldstreamError',
  'INVALID_OUTPUT_FORMAT',
  'JSON_RULES',
  'JsonStreamParser',
  'MAX_CORRECTION_REASON',
  'OutputContractError',
  'OutputParseError',
  'PathMap',
  'PathSyntaxError',
  'ProviderError',
  'REASONING_PATH',
  'ReasoningSplitter',
  'SSEDecoder',
  'SchemaError',
  'TransportError',
  'ValidationError',
  'WILDCARD',
  'agentlyInstant',
  'anthropicMessages',
  'appendSegment',
  'applyPatch',
  'buildPrompt',
  'checkAllKeys',
  'checkContractCompatibility',
  'checkEnsurePaths',
  'checkJsonSchema',
  'correctionText',
  'createFieldStore',
  'createResponse',
  'createStreamParser',
  'customerRefundContract',
  'customerRefundSamples',
  'defineAnswerFlow',
  'defineContract',
  'defineOutput',
  'fetchEventStream',
  'fieldPhase',
  'fieldRequirementLine',
  'fieldSelector',
  'finalizeContractStream',
  'flatMarkdownFormat',
  'formatPath',
  'formats',
  'hybridFormat',
  'isProvisional',
  'isStringField',
  'isTerminalStatus',
  'isTransientFailure',
  'jsonFormat',
  'jsonObjectInstruction',
  'jsonSchemaInstruction',
  'listSelector',
  'openAIChat',
  'openAIResponses',
  'parseAnswer',
  'parseOutput',
  'parseOutputDetailed',
  'parsePath',
  'parseSSE',
  'planOutputContract',
  'prefixItemEvents',
  'promptMessages',
  'providerCapabilities',
  'renderFieldRequirements',
  'renderPromptValue',
  'sameFieldState',
  'schemaNodeAt',
  'scriptedModel',
  'selectField',
  'selectFormat',
  'splitReasoning',
  'textFormat',
  'textStream',
  'truncateReason',
  'validateOutputContract',
  'wildcardOf',
  'xmlFieldFormat',
  'yamlLiteralFormat',
];

const TESTING_EXPORTS = [
  'agentlyInstantFixture',
  'anthropicMessagesFixture',
  'fixtureFetch',
  'formatSSE',
  'openAIChatFixture',
  'openAIResponsesFixture',
  'scriptedModel',
  'seededRandom',
  'sseResponse',
];

const exportNames = (module: object) => Object.keys(module).sort();

describe('public API', () => {
  it('@fieldstream/core exports exactly the listed names', () => {
    expect(exportNames(core)).toEqual(CORE_EXPORTS);
  });

  it('@fieldstream/core/testing exports exactly the listed names', () => {
    expect(exportNames(testing)).toEqual(TESTING_EXPORTS);
  });

  it('every format is exported by its definition and in the registry, under its own name', () => {
    const definitions = [
      core.jsonFormat,
      core.hybridFormat,
      core.xmlFieldFormat,
      core.yamlLiteralFormat,
      core.flatMarkdownFormat,
      core.textFormat,
    ];
    expect(Object.values(core.formats)).toEqual(definitions);
    for (const [name, definition] of Object.entries(core.formats)) expect(definition.name).toBe(name);
  });

  it('the typed errors are FieldstreamErrors', () => {
    const errors = [
      core.AbortError,
      core.AnswerFlowError,
      core.ContractError,
      core.DepthLimitError,
      core.EnsureError,
      core.OutputContractError,
      core.OutputParseError,
      core.ProviderError,
      core.SchemaError,
      core.TransportError,
      core.ValidationError,
    ];
    for (const error of errors) expect(error.prototype).toBeInstanceOf(core.FieldstreamError);
  });

  it('the testing entry shares the scripted model with the core', () => {
    expect(testing.scriptedModel).toBe(core.scriptedModel);
  });
});

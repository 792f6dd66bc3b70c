// The run-time public surface of each entry, spelled out: adding or removing an export means
// editing these lists, so every change to the API is deliberate (CHANGELOG.md records them).
import * as core from '@fieldstream/core';
import * as bindings from '@fieldstream/core/bindings';
import * as kits from '@fieldstream/core/kits';
import * as patchStream from '@fieldstream/core/patch-stream';
import * as recording from '@fieldstream/core/recording';
import * as testing from '@fieldstream/core/testing';
import * as worker from '@fieldstream/core/worker';
import { describe, expect, it } from 'vitest';

/** The main entry, in the groups of src/index.ts: schema → parsing → response → store → UI → paths → errors → providers. */
const CORE_GROUPS = {
  schema: ['defineOutput', 'selectFormat'],
  parsing: [
    'createStreamParser',
    'parseOutput',
    'registerFormat',
    'flatMarkdownFormat',
    'hybridFormat',
    'xmlFieldFormat',
    'yamlLiteralFormat',
  ],
  response: ['createResponse'],
  store: [
    'createFieldStore',
    'fieldSelector',
    'listSelector',
    'fieldPhase',
    'isProvisional',
    'isTerminalStatus',
    'selectToolCalls',
  ],
  ui: ['createStoreView'],
  paths: ['applyPatch', 'appendSegment', 'formatPath', 'parsePath', 'REASONING_PATH', 'TOOLS_PATH'],
  errors: [
    'FieldstreamError',
    'AbortError',
    'ArgumentError',
    'DepthLimitError',
    'EnsureError',
    'FormatNotRegisteredError',
    'OutputContractError',
    'OutputParseError',
    'PathSyntaxError',
    'ProviderError',
    'SchemaError',
    'TransportError',
    'ValidationError',
  ],
  providers: [
    'openAIChat',
    'openAIResponses',
    'anthropicMessages',
    'agentlyInstant',
    'textStream',
    'fetchEventStream',
    'parseSSE',
    'createSecretRedactor',
  ],
};

const KITS_EXPORTS = [
  'AnswerFlowError',
  'Answering',
  'ContractError',
  'OutputContractSlot',
  'checkContractCompatibility',
  'defineAnswerFlow',
  'defineContract',
  'extractResponseOutputText',
  'finalizeContractStream',
  'planOutputContract',
  'providerCapabilities',
  'validateOutputContract',
  'validateResponseOutputContract',
];

const BINDINGS_EXPORTS = [
  'checkFieldStore',
  'checkFunction',
  'checkResponseSource',
  'checkSchedule',
  'completionMessage',
  'createResponseController',
  'fieldDataAttributes',
  'fieldText',
  'instantListSelection',
  'isBusyStatus',
  'outputRoot',
  'progressPhase',
  'progressStatusText',
  'sameStreamStatus',
  'selectStreamStatus',
  'startResponseRun',
];

const PATCH_STREAM_EXPORTS = ['fromPatchStream', 'patchStreamMessages', 'toPatchStream'];

const RECORDING_EXPORTS = [
  'RecordingError',
  'parseRecording',
  'recordResponse',
  'replayRecording',
  'serializeRecording',
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
const sorted = (names: readonly string[]) => [...names].sort();

describe('public API', () => {
  it('@fieldstream/core exports exactly the listed names, about forty', () => {
    const names = Object.values(CORE_GROUPS).flat();
    expect(exportNames(core)).toEqual(sorted(names));
    expect(names.length).toBeLessThanOrEqual(45);
  });

  it('@fieldstream/core/kits exports exactly the listed names', () => {
    expect(exportNames(kits)).toEqual(KITS_EXPORTS);
  });

  it('@fieldstream/core/bindings exports exactly the listed names', () => {
    expect(exportNames(bindings)).toEqual(BINDINGS_EXPORTS);
  });

  it('@fieldstream/core/patch-stream exports exactly the listed names', () => {
    expect(exportNames(patchStream)).toEqual(PATCH_STREAM_EXPORTS);
  });

  it('@fieldstream/core/worker exports exactly the listed names', () => {
    expect(exportNames(worker)).toEqual(['createWorkerResponse', 'registerWorkerProvider', 'serveWorkerResponses']);
  });

  it('@fieldstream/core/recording exports exactly the listed names', () => {
    expect(exportNames(recording)).toEqual(RECORDING_EXPORTS);
  });

  it('@fieldstream/core/testing exports exactly the listed names', () => {
    expect(exportNames(testing)).toEqual(TESTING_EXPORTS);
  });

  it('no name is exported by two entries: each has one home (scriptedModel in testing, patch streams in patch-stream)', () => {
    const entries = { core, bindings, kits, patchStream, recording, testing, worker };
    const homes = new Map<string, string[]>();
    for (const [entry, module] of Object.entries(entries))
      for (const name of exportNames(module)) homes.set(name, [...(homes.get(name) ?? []), entry]);
    expect([...homes].filter(([, where]) => where.length > 1)).toEqual([]);
  });

  it('each exported format definition carries its wire name', () => {
    expect(
      [core.hybridFormat, core.xmlFieldFormat, core.yamlLiteralFormat, core.flatMarkdownFormat].map(
        (format) => format.name,
      ),
    ).toEqual(['hybrid', 'xml_field', 'yaml_literal', 'flat_markdown']);
  });

  it('one casing per concept: run-time names are camelCase, PascalCase classes, or SCREAMING constants', () => {
    for (const name of [
      ...exportNames(core),
      ...exportNames(kits),
      ...exportNames(patchStream),
      ...exportNames(recording),
      ...exportNames(testing),
    ]) {
      expect(name).toMatch(/^([a-z][A-Za-z0-9]*|[A-Z][A-Za-z0-9]*|[A-Z][A-Z0-9_]*)$/);
    }
  });

  it('the typed errors of every entry are FieldstreamErrors', () => {
    const errors = [
      ...Object.entries(core)
        .filter(([name]) => name !== 'FieldstreamError' && CORE_GROUPS.errors.includes(name))
        .map(([, error]) => error),
      kits.AnswerFlowError,
      kits.ContractError,
      recording.RecordingError,
    ];
    for (const error of errors)
      expect((error as { prototype: unknown }).prototype).toBeInstanceOf(core.FieldstreamError);
  });
});

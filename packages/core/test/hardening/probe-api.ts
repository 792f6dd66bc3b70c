// The bad-input probes' view of the library: the public functions they call, loaded by module path
// from a root directory, so `run-probes.ts` can run the table (input-probes.ts) against any checkout
// (before/after counts), and the type of one probe row.
import { existsSync } from 'node:fs';

type Member =
  | 'observe'
  | 'subscribe'
  | 'validate'
  | 'abort'
  | 'push'
  | 'finish'
  | 'apply'
  | 'dispatch'
  | 'subscribePath'
  | 'getField'
  | 'getData'
  | 'getState'
  | 'data'
  | 'next';
/** Whatever the probes touch: callable, constructible, and every member is again a `Loose`. */
export type Loose = ((...args: unknown[]) => Loose) & (new (...args: unknown[]) => Loose) & { [K in Member]: Loose };
type Export =
  | 'FieldstreamError'
  | 'createResponse'
  | 'createStreamParser'
  | 'parseOutput'
  | 'parseOutputDetailed'
  | 'parsePath'
  | 'formatPath'
  | 'appendSegment'
  | 'applyPatch'
  | 'defineOutput'
  | 'selectFormat'
  | 'createFieldStore'
  | 'fieldSelector'
  | 'listSelector'
  | 'SSEDecoder'
  | 'parseSSE'
  | 'fetchEventStream'
  | 'openAIChat'
  | 'openAIResponses'
  | 'anthropicMessages'
  | 'agentlyInstant'
  | 'textStream'
  | 'scriptedModel'
  | 'splitReasoning'
  | 'ReasoningSplitter'
  | 'fixtureFetch'
  | 'sseResponse'
  | 'defineContract'
  | 'defineAnswerFlow'
  | 'planOutputContract'
  | 'fromPatchStream';
export type Api = { [K in Export]: Loose };

export type Probe = {
  /** The call, as a reader would write it. */
  name: string;
  /** A word the error message must contain: the argument (or what went wrong). */
  mentions: string;
  /** Another stable code than `ARGUMENT_INVALID` is fine; `SchemaError` is required for cyclic schemas. */
  errorName?: string;
  run(api: Api): unknown;
};

/** Imports the public functions by module path (some are not exported from the package index). */
export async function loadApi(root: string): Promise<Api> {
  const src = `${root}/packages/core/src`;
  const load = (path: string) => import(`${src}/${path}.ts`);
  // Since format registration, only json and text are built in: register the others like the tests do.
  if (existsSync(`${src}/formats/format-registry.ts`)) {
    const { registerFormat } = await load('formats/format-registry');
    for (const name of ['hybrid', 'xml-field', 'yaml-literal', 'flat-markdown']) {
      const definitions = Object.values(await load(`formats/${name}/index`)).filter(
        (value) => typeof value === 'object' && value !== null && 'createStreamParser' in value,
      );
      registerFormat(...definitions);
    }
  }
  return {
    ...(await load('errors/errors')),
    ...(await load('response/create-response')),
    ...(await load('formats/create-stream-parser')),
    ...(await load('formats/parse-output')),
    ...(await load('patch/path')),
    ...(await load('patch/apply-patch')),
    ...(await load('schema/define-output')),
    ...(await load('schema/select-format')),
    ...(await load('store/field-store')),
    ...(await load('store/field-state')),
    ...(await load('store/list-selector')),
    ...(await load('transport/sse-decoder')),
    ...(await load('transport/parse-sse')),
    ...(await load('transport/fetch-event-stream')),
    ...(await load('providers/openai-chat')),
    ...(await load('providers/openai-responses')),
    ...(await load('providers/anthropic-messages')),
    ...(await load('providers/agently-instant')),
    ...(await load('providers/text-stream')),
    // A checkout that run-probes.ts compares against may keep the scripted model in providers/.
    ...(await load(
      existsSync(`${src}/testing/scripted-model.ts`) ? 'testing/scripted-model' : 'providers/scripted-model',
    )),
    ...(await load('reasoning/reasoning-splitter')),
    ...(await load('testing/sse-fixtures')),
    ...(await load('kits/contract/define-contract')),
    ...(await load('kits/answer-flow/define-answer-flow')),
    ...(await load('providers/output-contract/plan-output-contract')),
    ...(await load('patch-stream/from-patch-stream')),
  } as unknown as Api;
}

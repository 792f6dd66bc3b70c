// A provider defined here, in a test file only: its descriptor, its adapter and its Worker recipe.
// It works in the page (planning reads its descriptor's capabilities) and in Worker mode (a config
// naming it is built from plain options) without a line of the core knowing its name.
import {
  ArgumentError,
  createResponse,
  defineOutput,
  type Model,
  type ModelRequest,
  type ProviderDescriptor,
} from '@fieldstream/core';
import { planOutputContract } from '@fieldstream/core/kits';
import { createWorkerResponse, registerWorkerProvider, type WorkerProvider } from '@fieldstream/core/worker';
import { describe, expect, it } from 'vitest';

/** The echo provider's options: plain data, so a Worker config can carry them. */
type EchoOptions = { answer: string; chunkSize?: number };

declare module '@fieldstream/core/worker' {
  interface WorkerProviderOptions {
    echo: EchoOptions;
  }
}

/** Every request an echo model was asked, in order (module state: the in-thread worker shares it). */
const asked: ModelRequest[] = [];

/** Streams `answer` in chunks and reports its name, as a shipped adapter does; checks its options first. */
function echo(options: EchoOptions): Model {
  if (typeof options?.answer !== 'string')
    throw new ArgumentError('echo options.answer', 'echo options.answer must be a string');
  const size = options.chunkSize ?? 4;
  return async function* echoModel(request) {
    asked.push(request);
    yield { type: 'meta', meta: { provider: echoProvider.name } };
    for (let at = 0; at < options.answer.length; at += size)
      yield { type: 'text', delta: options.answer.slice(at, at + size) };
  };
}

/** The descriptor and the Worker recipe in one object, as a provider's own file would export it. */
const echoProvider = {
  name: 'echo',
  capabilities: { jsonObject: true, jsonSchema: true, strictJsonSchema: true, reasoning: false },
  fromConfig: echo,
} as const satisfies ProviderDescriptor<'echo'> & WorkerProvider<'echo', EchoOptions>;

const ticket = defineOutput({ title: ['string', 'title', 'not_null'], score: ['integer', '0-10', true] });
const answer = '{"title": "Printer jams", "score": 3}';
const schemaFormat = {
  type: 'json_schema' as const,
  name: 'ticket',
  schema: ticket.toJSONSchema({ strict: true }),
  strict: true,
};

describe('a provider of your own, in the page', () => {
  it('planning reads its descriptor: a strict json_schema is supported natively and sent to the adapter', async () => {
    expect(planOutputContract(echoProvider.capabilities, { responseFormat: schemaFormat }).action).toBe('supported');
    asked.length = 0;
    const response = createResponse({
      model: echo({ answer }),
      input: 'Printer jams',
      output: ticket,
      responseFormat: schemaFormat,
      capabilities: echoProvider.capabilities,
    });
    expect(await response.getData()).toEqual({ title: 'Printer jams', score: 3 });
    expect(asked.map((request) => request.responseFormat)).toEqual([
      { type: 'json_schema', name: 'ticket', schema: schemaFormat.schema, strict: true },
    ]);
    expect((await response.getMeta()).provider).toBe('echo');
  });
});

describe('a provider of your own, in Worker mode', () => {
  registerWorkerProvider(echoProvider);

  it('a config naming it is plain data, and the worker builds the model from it', async () => {
    const model = { provider: 'echo', answer, chunkSize: 5 } as const;
    expect(structuredClone(model)).toEqual(model);
    asked.length = 0;
    const response = createWorkerResponse({ model, input: 'Printer jams', output: ticket, worker: false });
    expect(await response.getData()).toEqual({ title: 'Printer jams', score: 3 });
    expect(asked).toHaveLength(1);
    expect((await response.getMeta()).provider).toBe('echo');
  });

  it('its options are checked as untrusted input, by its own recipe', async () => {
    const model = { provider: 'echo', answer: 42 } as unknown as EchoOptions & { provider: 'echo' };
    const response = createWorkerResponse({ model, input: 'x', worker: false });
    await expect(response.getData()).rejects.toMatchObject({
      name: 'ArgumentError',
      message: 'echo options.answer must be a string',
    });
  });

  it('a name no one registered is refused, and the refusal names the providers the worker builds', async () => {
    const model = { provider: 'openai-chat' } as unknown as EchoOptions & { provider: 'echo' };
    const response = createWorkerResponse({ model, input: 'x', worker: false });
    await expect(response.getData()).rejects.toMatchObject({
      code: 'ARGUMENT_INVALID',
      message:
        "worker response options.model.provider must be one of 'openAIChat', 'openAIResponses', " +
        "'anthropicMessages', 'scriptedModel', 'echo', got the string \"openai-chat\"",
    });
  });

  it('registerWorkerProvider checks what it is given', () => {
    expect(() => registerWorkerProvider({ name: 'broken' } as unknown as WorkerProvider)).toThrow(
      'registerWorkerProvider provider 1.fromConfig must be a function, got undefined',
    );
  });
});

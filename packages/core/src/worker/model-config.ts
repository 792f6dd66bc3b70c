import { checkFunction, checkObject, checkOneOf, checkString, invalid } from '../errors/check-argument';
import { anthropicMessages, anthropicMessagesProvider } from '../providers/anthropic-messages';
import type { Model } from '../providers/model';
import { openAIChat, openAIChatProvider } from '../providers/openai-chat';
import { openAIResponses, openAIResponsesProvider } from '../providers/openai-responses';
import type { ProviderDescriptor } from '../providers/provider-descriptor';
import { scriptedModel, scriptedModelProvider } from '../testing/scripted-model';

/**
 * How a Worker builds one provider's model from a config: the provider's name (its descriptor's) and
 * a function of the config's options (the config without `provider`). Those options were posted
 * from another thread, so `fromConfig` checks them as untrusted input, as every shipped factory
 * checks its options.
 */
export type WorkerProvider<Name extends string = string, Options = never> = {
  readonly name: Name;
  readonly fromConfig: (options: Options) => Model;
};

type AnyFunction = (...args: never[]) => unknown;

/** Options as plain data: every function left out, at any depth (a function cannot be posted). */
export type PlainOptions<Options> = Options extends AnyFunction
  ? never
  : Options extends readonly unknown[]
    ? { [Index in keyof Options]: PlainOptions<Options[Index]> }
    : Options extends object
      ? {
          [Key in keyof Options as NonNullable<Options[Key]> extends AnyFunction ? never : Key]: PlainOptions<
            Options[Key]
          >;
        }
      : Options;

/** A shipped provider made buildable in a Worker: its factory, taking the plain part of its options. */
function workerProvider<Name extends string, Options>(
  descriptor: ProviderDescriptor<Name>,
  factory: (options: Options) => Model,
): WorkerProvider<Name, PlainOptions<Options>> {
  return { name: descriptor.name, fromConfig: factory as (options: PlainOptions<Options>) => Model };
}

// A Worker runs only what its script was bundled with, so the providers it builds are listed here,
// statically: this table is the one place a shipped provider becomes buildable in a Worker. The
// others take what cannot be posted (textStream a stream, agentlyInstant a body function).
const shippedWorkerProviders = [
  workerProvider(openAIChatProvider, openAIChat),
  workerProvider(openAIResponsesProvider, openAIResponses),
  workerProvider(anthropicMessagesProvider, anthropicMessages),
  workerProvider(scriptedModelProvider, scriptedModel),
] as const;

type ShippedWorkerOptions = {
  [Provider in (typeof shippedWorkerProviders)[number] as Provider['name']]: Parameters<Provider['fromConfig']>[0];
};

/**
 * The plain options of each provider a Worker builds, by provider name. A provider of your own
 * (registered with `registerWorkerProvider`) adds its own entry:
 * `declare module '@fieldstream/core/worker' { interface WorkerProviderOptions { echo: EchoOptions } }`.
 */
export interface WorkerProviderOptions extends ShippedWorkerOptions {}

/**
 * A model named by its provider and plain options, so it can be built inside a Worker:
 * `{ provider: 'openAIChat', baseURL: '/api', model: 'gpt-4o-mini' }`. `provider` is the factory's
 * name; the options are the factory's, without `fetch` (the worker uses its own) and without
 * functions (a retry waits a fixed `delayMs`; `scriptedModel` answers are strings).
 */
export type WorkerModelConfig = {
  [Name in keyof WorkerProviderOptions]: { provider: Name } & WorkerProviderOptions[Name];
}[keyof WorkerProviderOptions];

/** Every provider a config may name here: the shipped ones, then those registered on this thread. */
const workerProviders = new Map<string, WorkerProvider>(
  shippedWorkerProviders.map((provider) => [provider.name, provider as WorkerProvider]),
);

/**
 * Makes providers of your own buildable from a Worker config (`{ provider: name, …options }`), in
 * the worker that builds them: call it in your worker script before `serveWorkerResponses(self)`,
 * or on the main thread for the in-thread fallback (`worker: false`, or no `Worker`). Registering a
 * name again replaces its provider, a shipped one included.
 */
export function registerWorkerProvider(...providers: readonly WorkerProvider[]): void {
  for (const [index, provider] of providers.entries()) {
    const where = `registerWorkerProvider provider ${index + 1}`;
    checkObject(where, provider);
    checkString(`${where}.name`, provider.name);
    checkFunction(`${where}.fromConfig`, provider.fromConfig);
  }
  for (const provider of providers) workerProviders.set(provider.name, provider);
}

/** The model a {@link WorkerModelConfig} names (the provider's `fromConfig` checks the rest). */
export function modelFromConfig(config: WorkerModelConfig): Model {
  if (config === null || typeof config !== 'object' || Array.isArray(config))
    throw invalid('worker response options.model', "a model config such as { provider: 'openAIChat', … }", config);
  const { provider, ...options } = config;
  checkOneOf('worker response options.model.provider', provider, [...workerProviders.keys()]);
  return (workerProviders.get(provider) as WorkerProvider).fromConfig(options as never);
}

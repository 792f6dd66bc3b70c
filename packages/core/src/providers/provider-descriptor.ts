import type { ProviderCapabilities } from './capabilities';

/**
 * What the rest of the package needs to know about one provider adapter, exported from the
 * adapter's own file next to its factory: its name and what its API does natively for structured
 * output. The capability table and a Worker's provider table read descriptors, so a provider's name
 * is spelled in its own file only. Plain data: a descriptor holds no factory, so reading a
 * provider's capabilities never bundles its adapter.
 */
export type ProviderDescriptor<Name extends string = string> = {
  /**
   * The provider's one name: its factory's name, `getMeta().provider` and `ProviderError.provider`
   * of its errors, its key in `providerCapabilities`, and its Worker config's `provider`.
   */
  readonly name: Name;
  /** What the adapter sends natively for a response format (output-contract planning reads it). */
  readonly capabilities: Readonly<ProviderCapabilities>;
};

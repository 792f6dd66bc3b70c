// The shared binding suite (issue 47): the behaviours every UI binding of Fieldstream has — React's,
// Vue's, Svelte's and the custom elements' — written once. A binding runs it from its own test file:
//
//   import { bindingSuite, type BindingDriver } from '../../core/test/bindings/binding-suite';
//   const driver: BindingDriver = { … };
//   bindingSuite('vue', driver);            // or bindingSuite('vue', driver, { knownFailures: [...] })
//
// The driver's interface and its docs, all a binding author needs to read, are in binding-driver.ts
// (re-exported here). The cases (in this folder) assert exact text, attributes, values and render counts,
// as packages/react/test does for React; the stores they drive are built by hand (`createFieldStore`
// and `dispatch`) or from `createResponse` over `scriptedModel`, and time moves only through a fake
// frame scheduler the suite passes as `schedule`, `'sync'`, or vitest's fake animation frames.
import { afterAll, describe, it } from 'vitest';
import type { BindingDriver, SuiteContext } from './binding-driver';
import { formCases } from './form-cases';
import { inputErrorCases } from './input-error-cases';
import { readerCases } from './reader-cases';
import { replayCases } from './replay-cases';
import { responseCases } from './response-cases';
import { retryCases } from './retry-cases';
import { ssrCases } from './ssr-cases';
import { textCases } from './text-cases';
import { trackMounts } from './track-mounts';

export type {
  BindingDriver,
  FormOutput,
  Mounted,
  MountedDom,
  MountedResponse,
  ReaderOptions,
  ResponseControls,
  StatusSnapshot,
  SuiteContext,
} from './binding-driver';

/** How a binding runs the suite beyond its driver. */
export type SuiteOptions = {
  /**
   * Cases (their `it` titles) this binding fails today, each run as `it.fails`: the suite stays
   * green, and the day the binding passes one, that case fails until its title leaves this list.
   * Name each one in your report. A title that names no case throws.
   */
  knownFailures?: readonly string[];
};

/**
 * Runs the shared binding suite against one binding: `describe('<name> binding', …)` holding every
 * case. The suite unmounts whatever a case mounted after it.
 */
export function bindingSuite(name: string, driver: BindingDriver, options: SuiteOptions = {}): void {
  const failing = new Set(options.knownFailures);
  describe(`${name} binding`, () => {
    const context: SuiteContext = {
      driver: trackMounts(driver),
      it: (title, body) => {
        if (failing.delete(title)) it.fails(title, body);
        else it(title, body);
      },
    };
    readerCases(context);
    retryCases(context);
    responseCases(context);
    formCases(context);
    textCases(context);
    ssrCases(context);
    inputErrorCases(context);
    replayCases(context);
    // Nested groups register their cases after this body has run: check once they all have.
    afterAll(() => {
      if (failing.size > 0) throw new Error(`knownFailures names no case: ${[...failing].join('; ')}`);
    });
  });
}

import type { OutputContractPlan } from './plan-output-contract';

/**
 * A mutable slot for the plan of the request in flight (GodeX's `OutputContractSlot`): set once
 * while the provider request is built, read when the response is validated.
 */
export class OutputContractSlot {
  #plan: OutputContractPlan | undefined;

  /** Stores the planned contract. */
  set(plan: OutputContractPlan): void {
    this.#plan = plan;
  }

  /** The active contract, or `undefined` before one was set. */
  current(): OutputContractPlan | undefined {
    return this.#plan;
  }
}

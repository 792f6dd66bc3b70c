import type { RequestRecord, ScenarioStats } from '../src/api/scenario-options';

/** Scenarios remembered at most (oldest forgotten first), so a long dev session stays small. */
const MAX_SCENARIOS = 1000;

/** Every request the built-in model served, grouped by scenario, for `/api/stats` and attempt numbers. */
export class RequestLog {
  readonly #scenarios = new Map<string, RequestRecord[]>();

  /** Records a new request and returns its (mutable) record. Its attempt is the scenario's request count. */
  start(
    scenario: string,
    fields: Omit<RequestRecord, 'attempt' | 'outcome' | 'charsSent' | 'startedAt'>,
  ): RequestRecord {
    let records = this.#scenarios.get(scenario);
    if (records === undefined) {
      records = [];
      this.#scenarios.set(scenario, records);
      if (this.#scenarios.size > MAX_SCENARIOS) {
        const oldest = this.#scenarios.keys().next().value;
        if (oldest !== undefined) this.#scenarios.delete(oldest);
      }
    }
    const record: RequestRecord = {
      ...fields,
      attempt: records.length,
      outcome: 'streaming',
      charsSent: 0,
      startedAt: Date.now(),
    };
    records.push(record);
    return record;
  }

  stats(scenario: string): ScenarioStats {
    const log = this.#scenarios.get(scenario) ?? [];
    return {
      scenario,
      requests: log.length,
      clientClosed: log.filter((record) => record.outcome === 'client_closed').length,
      open: log.filter((record) => record.outcome === 'streaming').length,
      log,
    };
  }
}

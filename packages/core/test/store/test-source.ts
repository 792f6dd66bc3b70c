// A hand-written ResponseSource: records what it emitted and replays it to late subscribers.
import type { FormatName, ResponseEvent, ResponseSource, StreamingData } from '@fieldstream/core';

export type TestSource = ResponseSource & {
  emit(...events: ResponseEvent[]): void;
  attempt(attempt: number, reason?: string): void;
  patches(attempt: number, data: readonly StreamingData[]): void;
  listeners(): number;
};

export function createTestSource(format: FormatName = 'json'): TestSource {
  const history: ResponseEvent[] = [];
  const listeners = new Set<(event: ResponseEvent) => void>();
  const emit = (...events: ResponseEvent[]): void => {
    for (const event of events) {
      history.push(event);
      for (const listener of [...listeners]) listener(event);
    }
  };
  return {
    subscribe(listener) {
      for (const event of history) listener(event);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit,
    attempt: (attempt, reason) => emit({ type: 'attempt', attempt, format, ...(reason ? { reason } : {}) }),
    patches: (attempt, data) => emit(...data.map((patch): ResponseEvent => ({ type: 'patch', attempt, data: patch }))),
    listeners: () => listeners.size,
  };
}

import { afterEach, beforeEach, expect } from 'vitest';

/**
 * Fails each test of the calling file during which a rejection went unhandled (in Node one ends the
 * process: a server running toPatchStream). Call it at the top level of a test file.
 */
export function failOnUnhandledRejections(): void {
  let unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled = [];
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(async () => {
    // Node reports an unhandled rejection after the microtasks of the turn it happened in.
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });
}

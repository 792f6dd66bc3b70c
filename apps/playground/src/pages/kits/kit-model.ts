import type { Model } from '@fieldstream/core';
import { playgroundModel } from '../../api/playground-model';

/** How fast the built-in model streams a kit page's answers. */
export type KitPacing = { charsPerSecond: number; chunkSize: number };

let counter = 0;

/** A fresh scenario id (the server numbers a response's attempts per scenario). */
export function kitScenarioId(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * The playground's built-in model, asked for the preset `presetFor(attempt)` on each attempt of a
 * response. The server tells attempts apart by the attempt header, so a page can script what the
 * model answers to a retry (the contract page's invalid sample is followed by a valid answer).
 */
export function kitModel(scenario: string, pacing: KitPacing, presetFor: (attempt: number) => string): Model {
  return (request, context) =>
    playgroundModel({
      preset: presetFor(request.attempt),
      format: request.format,
      scenario,
      charsPerSecond: pacing.charsPerSecond,
      chunkSize: pacing.chunkSize,
      faults: [],
    })(request, context);
}

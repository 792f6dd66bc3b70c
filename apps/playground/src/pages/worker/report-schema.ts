import { defineOutput } from '@fieldstream/core';

/** Fields of the demo report: enough text that parsing is real work, small enough to read. */
export const FIELD_COUNT = 24;

const names = Array.from({ length: FIELD_COUNT }, (_, index) => `section_${String(index).padStart(2, '0')}`);

export const report = defineOutput(Object.fromEntries(names.map((name) => [name, ['string', `Paragraph ${name}`]])));

const sentence = 'The worker parses this paragraph while the page stays free to answer clicks. ';

/** The scripted answer: every field one paragraph; `emptyFirst` leaves the first empty (the validator rejects it). */
export function reportAnswer(emptyFirst: boolean): string {
  const fields = names.map((name, index) => [name, emptyFirst && index === 0 ? '' : sentence.repeat(2 + (index % 3))]);
  return JSON.stringify(Object.fromEntries(fields), null, 1);
}

/** A main-thread validator (a function: it cannot cross to the worker, so it runs here). */
export function firstSectionFilled(data: Record<string, unknown>): { ok: boolean; reason?: string } {
  const first = data[names[0] as string];
  return typeof first === 'string' && first.trim() !== ''
    ? { ok: true }
    : { ok: false, reason: `${names[0]} must not be empty` };
}

/** The longest failure reason a correction block quotes. */
export const MAX_CORRECTION_REASON = 300;

/** Shortens a failure reason to at most 300 characters, never splitting a surrogate pair. */
export function truncateReason(reason: string, max = MAX_CORRECTION_REASON): string {
  const flat = reason.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  let end = max - 1;
  const last = flat.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${flat.slice(0, end)}…`;
}

/** The body of an `[OUTPUT CORRECTION]` block for a retry (our own wording). */
export function correctionText(reason: string): string {
  return [
    `Your previous answer could not be accepted: ${truncateReason(reason)}`,
    'Write the complete answer again with this fixed, following [OUTPUT REQUIREMENT] exactly.',
  ].join('\n');
}

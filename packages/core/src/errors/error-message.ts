/** What `errorMessage` says of a thrown value it cannot read as text. */
const UNREADABLE = 'a value that cannot be read as text';

/**
 * What a thrown value says: an `Error`'s message, anything else as a string. Never throws, whatever
 * was thrown: a value with no string form (`Object.create(null)`), a `message`, `toString` or
 * `Symbol.toPrimitive` that throws, or a Proxy that throws on every trap (a revoked one too) says
 * `a value that cannot be read as text`. Every place that turns a thrown value into words calls
 * this, so a user's callback cannot make the error handling itself throw.
 */
export function errorMessage(error: unknown): string {
  try {
    return String(error instanceof Error ? error.message : error);
  } catch {
    return UNREADABLE;
  }
}

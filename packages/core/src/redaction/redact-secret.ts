// The one key redactor of Fieldstream: the providers redact their `apiKey` from every error they
// raise, and @fieldstream/server's proxy redacts its key from every response with the same code.

import { MIN_PIECE, secretForms } from './secret-forms';
import { type SecretAutomata, SecretReadings } from './secret-readings';
import { SubstringAutomaton } from './substring-automaton';

/** What a redacted piece of a secret becomes. */
export const REDACTED = '[redacted]';

/** Text that arrives in parts: `push` returns what can be passed on now, `end` the rest. */
export type IncrementalRedaction = {
  /** The text that can no longer become part of a piece of the secret, redacted (holds back a few dozen characters of text as encoders write it, under a thousand whatever it is, nothing after a line break). */
  push(part: string): string;
  /** The rest, redacted. Everything returned, joined, equals `redact` of all the parts joined. */
  end(): string;
};

/** Redacts one secret (an API key) from text, see {@link createSecretRedactor}. */
export type SecretRedactor = {
  /** `text` with every run of characters that is a piece of the secret replaced by `[redacted]`. */
  redact(text: string): string;
  /** The same for text that arrives in parts (an event stream): a piece split across parts is redacted too. */
  incremental(): IncrementalRedaction;
};

/**
 * A redactor for `secret`: every run of 8 or more characters of a text that also occurs in the
 * secret (the whole secret when it is shorter than 8), its ASCII letters in any case, becomes
 * `[redacted]`, whatever characters surround it; overlapping or touching runs become one
 * `[redacted]`. An upstream error quoting the key's first 24 characters followed by `...`, or its
 * last 16 after `ending in `, loses them. So do the secret's other representations: a run that
 * decodes to 8+ of its characters written with percent escapes (`%73%6B`, `%C3%A9` for a
 * non-ASCII character, also encoded twice), JSON escapes (`\u0073`, `\/`, also escaped twice) or
 * HTML character references (`&#115;`, `&#x73;`, `&amp;`, also escaped twice), in any mix and
 * any case; a run of contiguous hex digits (either case) writing the UTF-8 bytes of 8+ of its
 * characters from a byte boundary (`736b2d…`); and a run of 8+ characters of its base64 or
 * base64url form (a secret of 8+ characters, at any alignment: an echoed `Authorization: Basic`
 * value), escaped or not, in its own case only.
 *
 * Linear in the text: a suffix automaton of those forms gives, at each position of each reading
 * of the text ({@link SecretReadings}), the longest run ending there that it recognises; such runs
 * start at non-decreasing positions, so text is final as soon as every current run starts after it
 * (the incremental form holds back a few dozen characters for text as encoders write it, under a
 * thousand whatever the text, and nothing after a line break).
 */
export function createSecretRedactor(secret: string): SecretRedactor {
  const minPiece = Math.min(MIN_PIECE, secret.length);
  const forms = secretForms(secret);
  const automata: SecretAutomata = {
    caseless: new SubstringAutomaton([forms.caseless]),
    exact: forms.exact.length > 0 ? new SubstringAutomaton(forms.exact) : undefined,
  };
  const incremental = (): IncrementalRedaction =>
    secret === '' ? { push: (part) => part, end: () => '' } : new RedactionScan(automata, minPiece);
  return {
    redact(text) {
      const scan = incremental();
      return scan.push(text) + scan.end();
    },
    incremental,
  };
}

/**
 * One pass over a text and its readings ({@link SecretReadings}), which report the stretches of
 * the text that wrote a piece of the secret; the text before every reading's frontier is final and
 * released, each stretch of covered text (joined when they overlap or touch) as one `[redacted]`.
 */
class RedactionScan implements IncrementalRedaction {
  /** The characters not yet released, from position `base` of the whole text on. */
  private held = '';
  private base = 0;
  /** Covered stretches not yet wholly released, in order, disjoint and not touching. */
  private covered: [from: number, to: number][] = [];
  /** Whether the last thing released was `[redacted]` (a stretch touching it joins it). */
  private afterRedaction = false;
  private readings!: SecretReadings;

  constructor(
    private readonly automata: SecretAutomata,
    private readonly minPiece: number,
  ) {
    this.restart();
  }

  push(part: string): string {
    const at = this.base + this.held.length;
    this.held += part;
    for (let i = 0; i < part.length; i++) this.readings.feed(part.charCodeAt(i), at + i);
    return this.release(this.readings.frontier);
  }

  end(): string {
    this.readings.end();
    const rest = this.release(this.base + this.held.length);
    this.restart();
    return rest;
  }

  private restart(): void {
    this.held = '';
    this.base = 0;
    this.covered = [];
    this.afterRedaction = false;
    this.readings = new SecretReadings(this.automata, this.minPiece, (from, to) => this.cover(from, to));
  }

  /** Adds a covered stretch, joining those it overlaps or touches (the readings report out of order). */
  private cover(from: number, to: number): void {
    const covered = this.covered;
    let i = covered.length;
    while (i > 0 && covered[i - 1]![1] >= from) i--;
    let start = from;
    let end = to;
    let j = i;
    for (; j < covered.length && covered[j]![0] <= end; j++) {
      start = Math.min(start, covered[j]![0]);
      end = Math.max(end, covered[j]![1]);
    }
    covered.splice(i, j - i, [start, end]);
  }

  /** Releases the text before `upTo`, each covered stretch in it as one `[redacted]`. */
  private release(upTo: number): string {
    let out = '';
    let at = this.base;
    const covered = this.covered;
    while (covered.length > 0 && covered[0]![0] < upTo) {
      const [from, to] = covered[0]!;
      if (from > at) {
        out += this.held.slice(at - this.base, from - this.base);
        this.afterRedaction = false;
      }
      // A stretch starting before `at` began in text released as covered already: it joins.
      if (!this.afterRedaction) out += REDACTED;
      this.afterRedaction = true;
      at = Math.min(to, upTo);
      if (to > upTo) break;
      covered.shift();
    }
    if (upTo > at) {
      out += this.held.slice(at - this.base, upTo - this.base);
      this.afterRedaction = false;
    }
    this.held = this.held.slice(upTo - this.base);
    this.base = upTo;
    return out;
  }
}

/** The string fields of an error that can quote what a server sent: ours and the platform's. */
const ERROR_TEXT_FIELDS = ['message', 'stack', 'body', 'rawText', 'url'] as const;

/**
 * Redacts the secret, in place, from an error's text fields (message, stack, a `TransportError`'s
 * body and url, the raw event) and from its causes, so no error a provider raises quotes its key.
 * Returns the same error: its class and other fields stay.
 */
export function redactError<E>(error: E, redactor: SecretRedactor, depth = 0): E {
  if (typeof error !== 'object' || error === null || depth > 4) return error;
  for (const key of ERROR_TEXT_FIELDS) {
    const descriptor = Object.getOwnPropertyDescriptor(error, key);
    if (typeof descriptor?.value !== 'string') continue;
    const value = redactor.redact(descriptor.value);
    if (value === descriptor.value) continue;
    try {
      Object.defineProperty(error, key, { ...descriptor, value });
    } catch {
      // A frozen foreign error: nothing can be changed in place.
    }
  }
  const { cause } = error as { cause?: unknown };
  if (cause !== error) redactError(cause, redactor, depth + 1);
  return error;
}

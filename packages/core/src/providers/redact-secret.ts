// The one key redactor of Fieldstream: the providers redact their `apiKey` from every error they
// raise, and @fieldstream/server's proxy redacts its key from every response with the same code.

/** What a redacted piece of a secret becomes. */
export const REDACTED = '[redacted]';

/** The shortest piece of a secret that is redacted (a shorter secret is redacted whole). */
const MIN_PIECE = 8;

/** Text that arrives in parts: `push` returns what can be passed on now, `end` the rest. */
export type IncrementalRedaction = {
  /** The text that can no longer become part of a piece of the secret, redacted (holds back at most 7 characters). */
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
 * secret (the whole secret when it is shorter than 8) becomes `[redacted]`, whatever characters
 * surround it; overlapping or touching runs become one `[redacted]`. An upstream error quoting
 * the key's first 24 characters followed by `...`, or its last 16 after `ending in `, loses them.
 *
 * Linear in the text: a suffix automaton of the secret gives, at each position, the longest run
 * ending there that occurs in the secret; such runs start at non-decreasing positions, so text is
 * final as soon as the current run starts after it (the incremental form holds back < 8 characters).
 */
export function createSecretRedactor(secret: string): SecretRedactor {
  const automaton = secret === '' ? undefined : new SubstringAutomaton(secret);
  const minPiece = Math.min(MIN_PIECE, secret.length);
  const incremental = (): IncrementalRedaction =>
    automaton === undefined ? { push: (part) => part, end: () => '' } : new RedactionScan(automaton, minPiece);
  return {
    redact(text) {
      const scan = incremental();
      return scan.push(text) + scan.end();
    },
    incremental,
  };
}

/** The suffix automaton of a string: it recognises exactly the string's substrings. */
class SubstringAutomaton {
  /** Per state: its transitions (by UTF-16 code unit), suffix link and longest length. */
  readonly next: Map<number, number>[] = [new Map()];
  readonly link: number[] = [-1];
  readonly length: number[] = [0];

  constructor(text: string) {
    let last = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const current = this.add(this.length[last]! + 1);
      let p = last;
      while (p !== -1 && !this.next[p]!.has(c)) {
        this.next[p]!.set(c, current);
        p = this.link[p]!;
      }
      if (p === -1) this.link[current] = 0;
      else {
        const q = this.next[p]!.get(c)!;
        if (this.length[p]! + 1 === this.length[q]) this.link[current] = q;
        else {
          const clone = this.add(this.length[p]! + 1, new Map(this.next[q]), this.link[q]!);
          while (p !== -1 && this.next[p]!.get(c) === q) {
            this.next[p]!.set(c, clone);
            p = this.link[p]!;
          }
          this.link[q] = clone;
          this.link[current] = clone;
        }
      }
      last = current;
    }
  }

  private add(length: number, next = new Map<number, number>(), link = 0): number {
    this.next.push(next);
    this.link.push(link);
    this.length.push(length);
    return this.next.length - 1;
  }
}

/**
 * One pass over a text. After each character, `run` is the length of the longest run ending there
 * that occurs in the secret; the text before that run (or before the end of the last redacted run,
 * if later) is final and released. What is held back is never redacted yet and shorter than `minPiece`.
 */
class RedactionScan implements IncrementalRedaction {
  private state = 0;
  private run = 0;
  /** The characters not yet released (never part of a redacted run yet; fewer than `minPiece`). */
  private held = '';
  /** Whether the last thing released was `[redacted]` (a run touching it joins it). */
  private afterRedaction = false;

  constructor(
    private readonly automaton: SubstringAutomaton,
    private readonly minPiece: number,
  ) {}

  push(part: string): string {
    const { next, link, length } = this.automaton;
    const text = this.held + part;
    let { state, run, afterRedaction } = this;
    let out = '';
    /** `text` before this index is released; before `copied`, it is in `out`. */
    let released = 0;
    let copied = 0;
    for (let i = this.held.length; i < text.length; i++) {
      const c = text.charCodeAt(i);
      let to = next[state]!.get(c);
      while (to === undefined && state !== 0) {
        state = link[state]!;
        run = length[state]!;
        to = next[state]!.get(c);
      }
      if (to === undefined) run = 0;
      else {
        state = to;
        run++;
      }
      const end = i + 1;
      const start = end - run;
      if (start > released) {
        released = start;
        afterRedaction = false;
      }
      if (run >= this.minPiece) {
        // Text of this run before `released` was redacted already (runs start in order): it joins.
        if (!afterRedaction) out += text.slice(copied, start) + REDACTED;
        afterRedaction = true;
        released = copied = end;
      }
    }
    this.state = state;
    this.run = run;
    this.afterRedaction = afterRedaction;
    this.held = text.slice(released);
    return out + text.slice(copied, released);
  }

  end(): string {
    const rest = this.held;
    this.held = '';
    this.state = 0;
    this.run = 0;
    if (rest !== '') this.afterRedaction = false;
    return rest;
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

import { type DecodedUnit, emitCodePoint } from './decoded-unit';
import type { EscapeReader } from './escape';
import { readHtmlReference } from './html-reference';
import { readJsonEscape } from './json-escape';
import { readPercentEscape } from './percent-escape';

/** The escapes by the unit that introduces them: `%`, `\` and `&`. */
const READERS = new Map<number, EscapeReader>([
  [37, readPercentEscape],
  [92, readJsonEscape],
  [38, readHtmlReference],
]);

/** Whether `unit` can start an escape: `%`, `\` or `&`. */
export function startsEscape(unit: number): boolean {
  return READERS.has(unit);
}

/**
 * Decodes one level of the escapes an upstream may quote a secret in, as code units arrive: percent
 * escapes (`%2F`, `%C3%A9`), JSON string escapes (`\u002f`, `\/`, `\"`, `\\`) and HTML character
 * references (`&#45;`, `&#x2d;`, `&amp;`), in any mix. Every other unit stands for itself. Fed by
 * another decoder it reads a second level (`%252F`, `\\u002f`, `&amp;#45;`, `%26lt%3B`). An escape
 * not yet complete (12 units at most) waits for more units; `end` reads them as they are.
 */
export class EscapeDecoder {
  /** The units of an escape that may still complete, and where each was written. */
  private readonly units: number[] = [];
  private readonly froms: number[] = [];
  private readonly tos: number[] = [];

  constructor(private readonly emit: DecodedUnit) {}

  feed(unit: number, from: number, to: number): void {
    if (this.units.length === 0 && !startsEscape(unit)) {
      this.emit(unit, from, to);
      return;
    }
    this.units.push(unit);
    this.froms.push(from);
    this.tos.push(to);
    this.resolve(false);
  }

  end(): void {
    this.resolve(true);
  }

  /** Whether no escape is pending. */
  get idle(): boolean {
    return this.units.length === 0;
  }

  /** Emits what the pending units decode to, as far as they are known (all of them when `final`). */
  private resolve(final: boolean): void {
    const { units, froms, tos } = this;
    let head = 0;
    while (head < units.length) {
      const read = READERS.get(units[head]!)?.(units, head);
      if (read === 'more' && !final) break;
      const count = typeof read === 'object' ? read.length : 1;
      const codePoint = typeof read === 'object' ? read.codePoint : units[head]!;
      emitCodePoint(this.emit, codePoint, froms[head]!, tos[head + count - 1]!);
      head += count;
    }
    if (head === 0) return;
    units.splice(0, head);
    froms.splice(0, head);
    tos.splice(0, head);
  }
}

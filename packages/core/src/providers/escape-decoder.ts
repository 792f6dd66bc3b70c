/** What `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r` and `\t` stand for. */
const SHORT_ESCAPES = new Map(
  [...'"\\/bfnrt'].map((char, i) => [char.charCodeAt(0), [34, 92, 47, 8, 12, 10, 13, 9][i]!]),
);
const PERCENT = 37;
const BACKSLASH = 92;
const LETTER_U = 117;

/** Receives one decoded UTF-16 code unit and the characters `[from, to)` of the text it was written as. */
export type DecodedUnit = (unit: number, from: number, to: number) => void;

/**
 * Decodes one level of the escapes an upstream may quote a secret in, as code units arrive: percent
 * escapes of ASCII characters (`%2F`, either case) and JSON string escapes (`\u002f`, `\/`, `\"`,
 * `\\`). Every other unit stands for itself. Fed by another decoder it reads a second level
 * (`%252F`, `\\u002f`). An escape not yet complete waits for more units; `end` reads them as they are.
 */
export class EscapeDecoder {
  /** The units of an escape that may still complete, and where each was written. */
  private readonly units: number[] = [];
  private readonly froms: number[] = [];
  private readonly tos: number[] = [];

  constructor(private readonly emit: DecodedUnit) {}

  feed(unit: number, from: number, to: number): void {
    if (this.units.length === 0 && unit !== PERCENT && unit !== BACKSLASH) {
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

  /** Emits what the pending units decode to, as far as they are known (all of them when `final`). */
  private resolve(final: boolean): void {
    while (this.units.length > 0) {
      const length = escapeLength(this.units);
      if (length === undefined && !final) return;
      if (length === undefined || length === 1) {
        this.take(1, this.units[0]!);
        continue;
      }
      const units = this.units;
      const unit =
        units[0] === PERCENT
          ? hexValue(units, 1, 2)
          : units[1] === LETTER_U
            ? hexValue(units, 2, 4)
            : SHORT_ESCAPES.get(units[1]!)!;
      this.take(length, unit);
    }
  }

  /** Emits `unit` for the first `count` pending units. */
  private take(count: number, unit: number): void {
    this.emit(unit, this.froms[0]!, this.tos[count - 1]!);
    this.units.splice(0, count);
    this.froms.splice(0, count);
    this.tos.splice(0, count);
  }
}

/** How many units the escape at the start of `units` takes: 1 when none starts there, `undefined` when more are needed. */
function escapeLength(units: readonly number[]): number | undefined {
  const first = units[0]!;
  if (first !== PERCENT && first !== BACKSLASH) return 1;
  if (first === PERCENT) {
    if (units.length < 3) return undefined;
    return isHex(units, 1, 2) && hexValue(units, 1, 2) <= 0x7f ? 3 : 1;
  }
  if (units.length < 2) return undefined;
  if (units[1] !== LETTER_U) return SHORT_ESCAPES.has(units[1]!) ? 2 : 1;
  if (units.length < 6) return isHex(units, 2, units.length - 2) ? undefined : 1;
  return isHex(units, 2, 4) ? 6 : 1;
}

function isHex(units: readonly number[], start: number, count: number): boolean {
  for (let i = start; i < start + count; i++) {
    const unit = units[i]!;
    const digit = (unit >= 48 && unit <= 57) || (unit >= 65 && unit <= 70) || (unit >= 97 && unit <= 102);
    if (!digit) return false;
  }
  return true;
}

function hexValue(units: readonly number[], start: number, count: number): number {
  return Number.parseInt(String.fromCharCode(...units.slice(start, start + count)), 16);
}

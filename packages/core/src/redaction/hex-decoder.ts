import { hexValue } from '../formats/json/json-stream-chars';
import { BREAK, type DecodedUnit, emitCodePoint } from './decoded-unit';
import { isUtf8Continuation, utf8CodePoint, utf8Length } from './utf8-sequence';

/**
 * Reads runs of hex digits (either case) as UTF-8 bytes, pairing the digits of a run from its
 * first digit (`phase` 0) or its second (`phase` 1), so two decoders read a key's hex at either
 * alignment: `736b2d` is `sk-`. Each character is emitted as the 2 to 8 digits that wrote it; bytes
 * that form no character, and the end of a run after a character, are a {@link BREAK}; other units
 * are skipped. Holds back at most the 7 digits of an unfinished character ({@link heldFrom}).
 */
export class HexDecoder {
  /** Digits read since the run began. */
  private digits = 0;
  /** The first digit of a byte not yet complete (-1: none), and where it was written. */
  private high = -1;
  private highFrom = 0;
  /** The `count` bytes of a character not yet complete, and where the first was written. */
  private readonly bytes = [0, 0, 0, 0];
  private count = 0;
  private bytesFrom = 0;
  /** Whether a character was emitted since the last {@link BREAK}. */
  private emitted = false;

  constructor(
    private readonly phase: 0 | 1,
    private readonly emit: DecodedUnit,
  ) {}

  /** Where the digits not yet emitted start (infinity when none are held). */
  get heldFrom(): number {
    return this.count > 0 ? this.bytesFrom : this.high >= 0 ? this.highFrom : Number.POSITIVE_INFINITY;
  }

  feed(unit: number, from: number, to: number): void {
    const digit = hexValue(unit);
    if (digit < 0) {
      if (this.digits === 0) return;
      if (this.emitted || this.heldFrom < from) this.breakRun(Math.min(this.heldFrom, from), to);
      this.digits = 0;
      this.high = -1;
      this.count = 0;
      return;
    }
    const index = this.digits++ - this.phase;
    if (index < 0) return;
    if (index % 2 === 0) {
      this.high = digit;
      this.highFrom = from;
    } else {
      this.addByte(this.high * 16 + digit, to);
      this.high = -1;
    }
  }

  /** Adds a byte written from `highFrom` to `to`, emitting the character it completes. */
  private addByte(byte: number, to: number): void {
    const bytes = this.bytes;
    if (this.count > 0 && !isUtf8Continuation(bytes[0]!, this.count, byte)) {
      this.count = 0;
      this.breakRun(this.bytesFrom, this.highFrom);
    }
    if (this.count === 0) {
      if (utf8Length(byte) === 0) {
        this.breakRun(this.highFrom, to);
        return;
      }
      this.bytesFrom = this.highFrom;
    }
    bytes[this.count++] = byte;
    const length = utf8Length(bytes[0]!);
    if (this.count < length) return;
    this.count = 0;
    emitCodePoint(this.emit, utf8CodePoint(bytes, length), this.bytesFrom, to);
    this.emitted = true;
  }

  private breakRun(from: number, to: number): void {
    this.emit(BREAK, from, to);
    this.emitted = false;
  }
}

/** Receives one decoded UTF-16 code unit and the characters `[from, to)` of the text it was written as. */
export type DecodedUnit = (unit: number, from: number, to: number) => void;

/** Stands for characters that decode to nothing a secret can contain (no piece runs across it). */
export const BREAK = -1;

/** Emits `codePoint` as its one or two UTF-16 code units, both written as `[from, to)`. */
export function emitCodePoint(emit: DecodedUnit, codePoint: number, from: number, to: number): void {
  if (codePoint <= 0xffff) {
    emit(codePoint, from, to);
    return;
  }
  const offset = codePoint - 0x10000;
  emit(0xd800 + (offset >> 10), from, to);
  emit(0xdc00 + (offset & 0x3ff), from, to);
}

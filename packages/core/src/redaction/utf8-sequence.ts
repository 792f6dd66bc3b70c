/**
 * How many bytes the UTF-8 sequence that `lead` starts has: 1 to 4, or 0 when `lead` starts none
 * (a continuation byte, or a lead of an overlong or out-of-range sequence).
 */
export function utf8Length(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  return lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
}

/**
 * Whether `byte` can follow at position `index` (1 on) of a sequence led by `lead`: a continuation
 * byte, narrower after the leads whose next byte rules out overlong forms, surrogates and code
 * points past U+10FFFF (as `TextDecoder` reads them).
 */
export function isUtf8Continuation(lead: number, index: number, byte: number): boolean {
  let low = 0x80;
  let high = 0xbf;
  if (index === 1) {
    if (lead === 0xe0) low = 0xa0;
    else if (lead === 0xed) high = 0x9f;
    else if (lead === 0xf0) low = 0x90;
    else if (lead === 0xf4) high = 0x8f;
  }
  return byte >= low && byte <= high;
}

/** The code point the complete, valid sequence of the first `count` bytes stands for. */
export function utf8CodePoint(bytes: readonly number[], count = bytes.length): number {
  if (count === 1) return bytes[0]!;
  let codePoint = bytes[0]! & (0x7f >> count);
  for (let i = 1; i < count; i++) codePoint = (codePoint << 6) | (bytes[i]! & 0x3f);
  return codePoint;
}

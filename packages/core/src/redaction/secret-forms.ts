const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_URL = `${BASE64.slice(0, 62)}-_`;

/** The shortest piece of a secret that is redacted (a shorter secret is redacted whole). */
export const MIN_PIECE = 8;

/** The strings whose pieces a redactor looks for. */
export type SecretForms = {
  /** The secret with its ASCII letters folded ({@link foldCase}): text is compared folded, so in any case. */
  caseless: string;
  /**
   * For a secret of `MIN_PIECE` or more characters, its base64 and base64url forms at each of the
   * three byte alignments it can have inside a longer base64 text (an `Authorization: Basic` value
   * is base64 of `user:key`), compared as written: their case carries bits. A form keeps only the
   * characters that depend on the secret's bytes alone, so what surrounds the secret in the encoded
   * text does not matter.
   */
  exact: string[];
};

/** The forms of `secret`; its escaped forms (percent, JSON, HTML) and its hex are decoded while scanning. */
export function secretForms(secret: string): SecretForms {
  const caseless = secret.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  if (secret.length < MIN_PIECE) return { caseless, exact: [] };
  const bytes = new TextEncoder().encode(secret);
  const exact: string[] = [];
  for (const alphabet of [BASE64, BASE64_URL]) {
    for (let before = 0; before < 3; before++) {
      const encoded = base64(bytes, before, alphabet);
      // Characters (6 bits each) wholly inside the secret's bits, which start at bit 8 × `before`.
      exact.push(encoded.slice(Math.ceil((8 * before) / 6), Math.floor((8 * (before + bytes.length)) / 6)));
    }
  }
  return { caseless, exact };
}

/** A code unit with ASCII letters in lower case, as {@link SecretForms.caseless} is written. */
export function foldCase(unit: number): number {
  return unit >= 65 && unit <= 90 ? unit + 32 : unit;
}

/** Base64 of `before` zero bytes followed by `bytes`, without padding. */
function base64(bytes: Uint8Array, before: number, alphabet: string): string {
  const all = new Uint8Array(before + bytes.length);
  all.set(bytes, before);
  let out = '';
  for (let i = 0; i < all.length; i += 3) {
    const chunk = (all[i]! << 16) | ((all[i + 1] ?? 0) << 8) | (all[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((all.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += alphabet[(chunk >> (18 - 6 * k)) & 63];
  }
  return out;
}

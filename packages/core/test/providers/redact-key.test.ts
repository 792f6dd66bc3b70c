// The HTTP providers know their `apiKey`: no error they raise quotes 8+ characters of it (message,
// stack, response body, raw event, cause), so nothing downstream (a response's error event, its
// `model.request_failed` observation, a patch stream, a log) can relay it.
import {
  anthropicMessages,
  createSecretRedactor,
  type Model,
  openAIChat,
  openAIResponses,
  ProviderError,
  TransportError,
} from '@fieldstream/core';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { splitAt } from '../support/chunkings';
import {
  base64Encodings,
  changeCase,
  encodedPieceOf,
  hexEncode,
  htmlEscape,
  htmlNumeric,
  inertChar,
  jsonEscapeAll,
  keyChar,
  leaks,
  oddKeyArb,
  percentEncodeAll,
  REDACTED,
  wholeEncodings,
} from '../support/secret-representations';
import { type LocalServer, startServer } from '../transport/local-server';
import { runModel } from './provider-harness';

const KEY = 'sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe9Dc8Ba7-Zx6Yw5Vu4Ts3Rq2Po1Nm0Lk9Ji8Hg7Fe6Dc5Ba4_AA';
const QUOTED = `Incorrect API key provided: ${KEY.slice(0, 24)}... (truncated); …ending in ${KEY.slice(-16)}. ${KEY}`;

function leakedPieces(text: string): string[] {
  const pieces = new Set<string>();
  for (let i = 0; i + 8 <= KEY.length; i++) if (text.includes(KEY.slice(i, i + 8))) pieces.add(KEY.slice(i, i + 8));
  return [...pieces];
}

/** Every text an error carries: its fields (enumerable or not), stack, and its causes'. */
function everyText(error: unknown, depth = 0): string {
  if (typeof error !== 'object' || error === null || depth > 4) return String(error);
  const own = Object.getOwnPropertyNames(error).map((name) => {
    const value = (error as Record<string, unknown>)[name];
    return name === 'cause' ? everyText(value, depth + 1) : typeof value === 'string' ? value : JSON.stringify(value);
  });
  return own.join('\n');
}

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function answering(status: number, contentType: string, body: string): Promise<string> {
  server = await startServer((_request, response) => {
    response.writeHead(status, { 'content-type': contentType });
    response.end(body);
  });
  return server.url;
}

const providers: [string, (baseURL: string) => Model, string][] = [
  [
    'openAIChat',
    (baseURL) => openAIChat({ baseURL, apiKey: KEY, model: 'm' }),
    `data: ${JSON.stringify({ error: { message: QUOTED, code: 'invalid_api_key' } })}\n\n`,
  ],
  [
    'openAIResponses',
    (baseURL) => openAIResponses({ baseURL, apiKey: KEY, model: 'm' }),
    `event: error\ndata: ${JSON.stringify({ type: 'error', code: 'invalid_api_key', message: QUOTED })}\n\n`,
  ],
  [
    'anthropicMessages',
    (baseURL) => anthropicMessages({ baseURL, apiKey: KEY, model: 'm' }),
    `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: QUOTED } })}\n\n`,
  ],
];

describe.each(providers)('%s redacts its apiKey from the errors it raises', (_name, make, errorEvent) => {
  it('an error event that echoes the key: a ProviderError with the message and raw event redacted', async () => {
    const { error } = await runModel(make(await answering(200, 'text/event-stream', errorEvent)));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toContain('Incorrect API key provided: [redacted]... (truncated)');
    expect((error as ProviderError).rawText).toContain('[redacted]');
    expect(leakedPieces(everyText(error))).toEqual([]);
  });

  it('a 401 whose body quotes the key: a TransportError with the body redacted', async () => {
    const { error } = await runModel(make(await answering(401, 'application/json', JSON.stringify({ error: QUOTED }))));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 401, code: 'HTTP_401' });
    expect((error as TransportError).body).toContain('…ending in [redacted].');
    expect(leakedPieces(everyText(error))).toEqual([]);
  });

  it('a 401 whose body quotes the key percent-encoded, JSON-escaped and in base64: all redacted', async () => {
    const percent = [...KEY].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('');
    const escaped = [...KEY].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const basic = Buffer.from(`:${KEY}`).toString('base64');
    const body = `{"url":"/v1?key=${percent}","message":"${escaped}","auth":"Basic ${basic}"}`;
    const { error } = await runModel(make(await answering(401, 'application/json', body)));
    expect((error as TransportError).body).toBe(
      `{"url":"/v1?key=[redacted]","message":"[redacted]","auth":"Basic On[redacted]"}`,
    );
  });

  it('an event that is not JSON and quotes the key: the message and the parser error (its cause) are redacted', async () => {
    const { error } = await runModel(make(await answering(200, 'text/event-stream', `data: ${KEY} oops\n\n`)));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).providerCode).toBe('invalid_event');
    expect(leakedPieces(everyText(error))).toEqual([]);
  });
});

describe('createSecretRedactor', () => {
  it('redact and the incremental form agree; the incremental form holds back only what could still become a piece', () => {
    const redactor = createSecretRedactor(KEY);
    const text = `x ${KEY.slice(3, 40)}-${KEY.slice(50)}.`;
    const scan = redactor.incremental();
    const released = [...text].map((char) => scan.push(char));
    expect(released.join('') + scan.end()).toBe(redactor.redact(text));
    expect(redactor.redact(text)).toBe('x [redacted]-[redacted].');
    const short = redactor.incremental();
    expect(short.push(`hello ${KEY.slice(0, 7)}`)).toBe('hello ');
    expect(short.end()).toBe(KEY.slice(0, 7));
  });

  it('an incremental redaction starts afresh after `end`: a piece at the start of the next text is `[redacted]` too', () => {
    const scan = createSecretRedactor(KEY).incremental();
    expect(scan.push(`a ${KEY}`) + scan.end()).toBe(`a ${REDACTED}`);
    expect(scan.push(`${KEY} b`) + scan.end()).toBe(`${REDACTED} b`);
  });
});

describe('createSecretRedactor: the key in any letter case, in hex, as HTML references, percent-encoded beyond ASCII', () => {
  const redact = (text: string, key = KEY) => createSecretRedactor(key).redact(text);
  /** A key with the characters HTML escapes and non-ASCII ones (2 and 4 UTF-8 bytes). */
  const ODD = `sk-t&st<Ab>"Cd'Ef-é-🔑-0123456789`;
  const inJson = (written: string) => `data: {"error":{"message":"bad key ${written}","code":401}}`;

  it.each([
    ['upper-cased', KEY.toUpperCase()],
    ['lower-cased', KEY.toLowerCase()],
    ['a 30-character piece in mixed case', changeCase(KEY.slice(10, 40), [1, 0, 0, 1, 1])],
    ['upper-cased, then percent-encoded', percentEncodeAll(KEY.toUpperCase())],
    ['JSON-escaped, then upper-cased (`\\U0053`)', changeCase(jsonEscapeAll(KEY), [1])],
    ['upper-cased and percent-encoded twice', encodeURIComponent(percentEncodeAll(KEY.toUpperCase()))],
  ])('letter case changed: %s', (_name, written) => {
    expect(redact(inJson(written))).toBe(inJson(REDACTED));
  });

  it('letter case changed: not in base64, where case carries the bits', () => {
    const swapped = Buffer.from(KEY)
      .toString('base64')
      .replace(/[a-z]/gi, (letter) => (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()));
    expect(redact(`Basic ${swapped}`)).toBe(`Basic ${swapped}`);
    expect(redact(`Basic ${Buffer.from(KEY).toString('base64')}`)).toBe(`Basic ${REDACTED}E=`);
  });

  it.each([
    ['lower case', hexEncode(KEY), `x ${REDACTED} y`],
    ['upper case', hexEncode(KEY, true), `x ${REDACTED} y`],
    ['an 8-character piece: 16 digits', hexEncode(KEY.slice(20, 28)), `x ${REDACTED} y`],
    ['a 7-character piece: 14 digits, no piece', hexEncode(KEY.slice(20, 27)), `x ${hexEncode(KEY.slice(20, 27))} y`],
    ['after a digit of other hex (odd alignment)', `a${hexEncode(KEY.slice(5, 35))}`, `x a${REDACTED} y`],
    ['after a byte of other hex', `ff${hexEncode(KEY.slice(5, 35))}00`, `x ff${REDACTED}00 y`],
  ])('hex: %s', (_name, written, redacted) => {
    expect(redact(`x ${written} y`)).toBe(redacted);
  });

  it('hex: the UTF-8 bytes of non-ASCII characters (`c3a9` for é, 8 digits for 🔑)', () => {
    expect(redact(`sha ${hexEncode(ODD)}.`, ODD)).toBe(`sha ${REDACTED}.`);
    expect(redact(`sha ${hexEncode(ODD.slice(16, 26), true)}.`, ODD)).toBe(`sha ${REDACTED}.`);
  });

  it.each([
    ['decimal', htmlNumeric(KEY, [1])],
    ['hex, `&#x`', htmlNumeric(KEY, [2])],
    ['hex, `&#X` and upper-case digits', htmlNumeric(KEY, [0])],
    ['with leading zeros', htmlNumeric(KEY, [3, 5, 4, 7])],
    ['written by hand', `&#115;&#x6B;&#X2D;&#0097;&#x006e;&#116;&#45;&#97;${KEY.slice(8, 20)}`],
    ['escaped twice (`&amp;#115;`)', htmlEscape(htmlNumeric(KEY, [1, 2]))],
    ['in a mix with JSON and percent escapes', `${jsonEscapeAll(KEY.slice(0, 4))}&#x6E;%74${KEY.slice(6, 9)}&#105;%30`],
    ['percent-encoded (`%26%23115%3B`)', encodeURIComponent(htmlNumeric(KEY.slice(0, 12), [1]))],
  ])('HTML character references: %s', (_name, written) => {
    expect(redact(inJson(written))).toBe(inJson(REDACTED));
  });

  it.each([
    ['as an HTML escaper writes it (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`)', htmlEscape(ODD)],
    ['with `&apos;`', htmlEscape(ODD, [1])],
    ['upper-cased (`&AMP;`, `&LT;`)', changeCase(htmlEscape(ODD), [1])],
    ['escaped twice (`&amp;amp;`)', htmlEscape(htmlEscape(ODD))],
  ])('HTML named references: %s', (_name, written) => {
    expect(redact(`<p title="${written}">`, ODD)).toBe(`<p title="${REDACTED}">`);
  });

  it.each([
    ['as encodeURIComponent writes it (`%C3%A9`, `%F0%9F%94%91`)', encodeURIComponent(ODD)],
    ['in lower case', percentEncodeAll(ODD, false)],
    ['encoded twice (`%25C3%25A9`)', encodeURIComponent(encodeURIComponent(ODD))],
    ['a 9-character piece around é and 🔑', percentEncodeAll(ODD.slice(16, 25))],
    ['JSON-escaped around them (`\\u00e9`, `\\ud83d\\udd11`)', jsonEscapeAll(ODD)],
  ])('percent-encoded UTF-8: %s', (_name, written) => {
    expect(redact(`GET /v1?key=${written}&x=1`, ODD)).toBe(`GET /v1?key=${REDACTED}&x=1`);
  });

  it('leaves alone what only looks like these forms', () => {
    const text = 'a &#; &#x; &#12345678; &ampx; &AMPS; %C3%41 %ED%A0%80 %C0%AF \\U12 0x736b 73:6b:2d deadbeef';
    expect(redact(text)).toBe(text);
  });

  it('the incremental form gives the same output cut anywhere, and holds back only what could still become a piece', () => {
    const redactor = createSecretRedactor(ODD);
    const text = `a ${hexEncode(ODD.slice(0, 12))}, ${htmlEscape(ODD)}; ${ODD.toUpperCase()} ${encodeURIComponent(ODD)}\n`;
    const whole = redactor.redact(text);
    expect(whole).toBe(`a ${REDACTED}, ${REDACTED}; ${REDACTED}É${REDACTED} ${REDACTED}\n`);
    for (let at = 0; at <= text.length; at++) {
      const scan = redactor.incremental();
      expect(scan.push(text.slice(0, at)) + scan.push(text.slice(at)) + scan.end()).toBe(whole);
    }
    const scan = redactor.incremental();
    expect(scan.push(`x ${hexEncode(ODD.slice(0, 7))}`)).toBe('x ');
    expect(scan.push('\n')).toBe(`${hexEncode(ODD.slice(0, 7))}\n`);
    expect(scan.push(`y ${htmlNumeric(ODD.slice(0, 7), [3])}`)).toBe('y ');
    expect(scan.push('|')).toBe(`${htmlNumeric(ODD.slice(0, 7), [3])}|`);
  });

  it('holds back under a thousand characters for escapes of escapes made as long as they can be', () => {
    /** A character as a decimal reference with its 7 digits, each character of it written the same way. */
    const longest = (char: string) => `&#${String(char.codePointAt(0)).padStart(7, '0')};`;
    const nested = [...KEY.slice(0, 7)].map((char) => [...longest(char)].map(longest).join('')).join('');
    expect(nested.length).toBe(700);
    const nestedBang = [...longest('!')].map(longest).join('');
    const scan = createSecretRedactor(KEY).incremental();
    expect(scan.push(`x ${nested}`)).toBe('x ');
    // Seven characters of the key and 99 of an escape that may still complete: all may become a piece.
    expect(scan.push(nestedBang.slice(0, 99))).toBe('');
    expect(scan.push(nestedBang.slice(99))).toBe(nested + nestedBang);
    expect(scan.end()).toBe('');
  });
});

describe('createSecretRedactor: no representation of a piece of a random key survives', () => {
  const anyKey = fc.oneof(oddKeyArb, fc.string({ unit: keyChar, minLength: 8, maxLength: 60 }));
  /**
   * Neighbours a piece must not hide behind: letters and digits (hex ones too), quotes, line breaks.
   * Not `%`, `&` or `\`: next to the key's characters they can start an escape that takes some
   * (`%` before `41…`): that text is read as the escape, and what is left is no piece.
   */
  const neighbour = fc.string({ unit: fc.constantFrom(...'.-_aZ9f "\'…:/\n'), maxLength: 4 });
  const filler = fc.oneof(
    fc.string({ maxLength: 12 }).map((text) => text.replace(/[%&\\]/g, ' ')),
    fc.string({ unit: keyChar, maxLength: 12 }),
    neighbour,
  );
  const allEncodings = { ...wholeEncodings, ...base64Encodings };

  /** `redact` of `text` and the incremental form's output for `text` cut at `cuts`, with what it held back after each part. */
  function redactBoth(key: string, text: string, cuts: readonly number[]) {
    const redactor = createSecretRedactor(key);
    const scan = redactor.incremental();
    let pushed = 0;
    let released = 0;
    let out = '';
    const heldBack: number[] = [];
    for (const part of splitAt(text, cuts)) {
      const passed = scan.push(part);
      out += passed;
      pushed += part.length;
      released += passed.length;
      heldBack.push(pushed - released);
    }
    return { whole: redactor.redact(text), incremental: out + scan.end(), heldBack };
  }

  it('every encoded piece (case changed, hex, HTML, percent UTF-8, JSON, base64, any mix) is redacted under every chunking', () => {
    const keyAndText = anyKey.chain((key) =>
      fc.tuple(
        fc.constant(key),
        fc.array(fc.tuple(filler, neighbour, encodedPieceOf(key, allEncodings), neighbour), {
          minLength: 1,
          maxLength: 5,
        }),
        filler,
      ),
    );
    fc.assert(
      fc.property(keyAndText, fc.array(fc.nat(800), { maxLength: 12 }), ([key, parts, tail], cuts) => {
        const text = parts.flat().join('') + tail;
        const { whole, incremental } = redactBoth(key, text, cuts);
        expect(incremental).toBe(whole);
        expect(leaks(whole, key)).toEqual([]);
        for (const [, , encoded] of parts) expect(whole).not.toContain(encoded);
      }),
      { numRuns: 300 },
    );
  });

  it('loses no other text: each piece written whole between inert characters becomes one `[redacted]`', () => {
    const inert = fc.string({ unit: inertChar, minLength: 1, maxLength: 4 });
    const keyAndParts = anyKey.chain((key) =>
      fc.tuple(
        fc.constant(key),
        fc.array(fc.tuple(inert, encodedPieceOf(key, wholeEncodings)), { maxLength: 5 }),
        inert,
      ),
    );
    fc.assert(
      fc.property(keyAndParts, fc.array(fc.nat(800), { maxLength: 12 }), ([key, parts, tail], cuts) => {
        const { whole, incremental } = redactBoth(key, parts.flat().join('') + tail, cuts);
        expect(whole).toBe(parts.map(([before]) => before + REDACTED).join('') + tail);
        expect(incremental).toBe(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('returns text without a piece unchanged (7-character pieces in every representation, escape-like noise), holding back < 1 000 characters and nothing after a line break', () => {
    const noise = fc.string({ unit: fc.constantFrom(...'%&#;xXuU\\0123456789abcdefABCDEF-_sk'), maxLength: 40 });
    const inert = fc.string({ unit: inertChar, minLength: 1, maxLength: 3 });
    // Without 🔑: 7 characters with it are 8 UTF-16 units, a piece.
    const keyAndText = anyKey
      .map((key) => key.replaceAll('🔑', 'é'))
      .chain((key) =>
        fc.tuple(
          fc.constant(key),
          fc
            .array(fc.tuple(inert, fc.oneof(encodedPieceOf(key, wholeEncodings, 'near miss'), noise)), { maxLength: 8 })
            .map((parts) => parts.flat().join('')),
        ),
      );
    fc.assert(
      fc.property(keyAndText, fc.array(fc.nat(800), { maxLength: 12 }), ([key, text], cuts) => {
        fc.pre(leaks(text, key).length === 0);
        const { whole, incremental, heldBack } = redactBoth(key, text, cuts);
        expect(whole).toBe(text);
        expect(incremental).toBe(text);
        let pushed = '';
        splitAt(text, cuts).forEach((part, i) => {
          pushed += part;
          expect(heldBack[i]).toBeLessThan(1000);
          if (pushed.endsWith('\n')) expect(heldBack[i]).toBe(0);
        });
      }),
      { numRuns: 300 },
    );
  });
});

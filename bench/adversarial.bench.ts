/**
 * `npm run bench -- adversarial`: the worst inputs the tests only check for correctness (their
 * time is measured here, not asserted in `npm test`, so a busy CI machine cannot fail them).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStreamParser } from '@fieldstream/core';
import { parseOutputDetailed } from '../packages/core/src/formats/parse-output';
import { ReasoningSplitter } from '../packages/core/src/reasoning/reasoning-splitter';
import { createSecretRedactor } from '../packages/core/src/redaction/redact-secret';
import { type Contender, measure, printTable } from './harness';

const suite = join(import.meta.dirname, '..', 'packages', 'core', 'test', 'fixtures', 'JSONTestSuite');
const rejected = readdirSync(suite)
  .filter((name) => /^[ni]_.*\.json$/.test(name))
  .map((name) => new TextDecoder().decode(readFileSync(join(suite, name))));
const deepest = new TextDecoder().decode(readFileSync(join(suite, 'n_structure_100000_opening_arrays.json')));

function attempt(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    return error;
  }
}

// A 51-character key and a megabyte of its first seven characters over and over: every position
// starts a piece of the key that never reaches eight characters (the redactor's worst case).
const KEY = `sk-proj-${'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGH'.slice(0, 43)}`;
const nearMisses = `${KEY.slice(0, 7)}.`.repeat(125_000);
// The same near-misses percent-escaped, as HTML references and in hex, then escapes that never
// complete: every reading of the text is fed (on text without escapes the decoded readings rest).
const nearMiss = KEY.slice(0, 7);
const escapedUnit = [
  [...nearMiss].map((char) => `%${char.charCodeAt(0).toString(16)}`).join(''),
  [...nearMiss].map((char) => `&#x${char.charCodeAt(0).toString(16)};`).join(''),
  Buffer.from(nearMiss).toString('hex'),
  '%F0%9F%94&#000000\\',
].join('.');
const escapedNearMisses = escapedUnit.repeat(Math.ceil(1_000_000 / escapedUnit.length));

const contenders: Contender[] = [
  { name: 'JSON.parse of the 100 000-deep file (floor)', run: () => attempt(() => JSON.parse(deepest)) },
  {
    name: `parseOutputDetailed over every n_/i_ JSONTestSuite file (${rejected.length})`,
    run: () => rejected.map((text) => attempt(() => parseOutputDetailed(text))),
  },
  {
    name: 'stream parser: the 100 000-deep file in one chunk',
    run: () =>
      attempt(() => {
        const parser = createStreamParser({ format: 'json' });
        parser.push(deepest);
        return parser.finish();
      }),
  },
  {
    name: 'parseOutput: a 200 000-deep failing prefix',
    run: () => attempt(() => parseOutputDetailed(`x ${'['.repeat(200_000)}x`)),
  },
  {
    name: 'key redaction: a megabyte of 7-character near-misses of the key',
    run: () => createSecretRedactor(KEY).redact(nearMisses),
  },
  {
    name: 'key redaction: a megabyte of them escaped, as HTML references, in hex, and unfinished escapes',
    run: () => createSecretRedactor(KEY).redact(escapedNearMisses),
  },
  {
    name: 'reasoning splitter: 200 000 held spaces, one per push',
    run: () => {
      const splitter = new ReasoningSplitter();
      splitter.push('<think>a');
      for (let i = 0; i < 200_000; i++) splitter.push(' ');
      splitter.push('b</think>c');
      return splitter.finish();
    },
  },
];

export default function adversarial(): void {
  printTable(
    'Adversarial inputs (each well under a second unless something went quadratic)',
    measure(contenders, 5),
    contenders[0]?.name ?? '',
  );
}

/**
 * The JSON bench's probe for instruction counts (bench/instruction-count.ts): `<mode> <runs>` streams
 * (`stream-256k`, `stream-1m`: the `ours` contender, events and a snapshot per chunk, then finish) or
 * `JSON.parse`s (`parse-256k`, `parse-1m`) the bench's document `runs` times, chunked as the bench
 * chunks it, and prints nothing.
 */
import { chunkText } from './harness';
import { benchDocument } from './json-documents';
import { floor, ours } from './json-ours';

/** The bench's sizes and the seeds it chunks them with (its 256 KB and 1 MB columns). */
const DOCUMENTS = { '256k': { bytes: 256 * 1024, seed: 2 }, '1m': { bytes: 1024 * 1024, seed: 3 } };
export type JsonProbeMode = `${'stream' | 'parse'}-${keyof typeof DOCUMENTS}`;

const [mode = '', count = '1'] = process.argv.slice(2);
const [kind, size] = mode.split('-') as ['stream' | 'parse', keyof typeof DOCUMENTS];
const document = DOCUMENTS[size];
if ((kind !== 'stream' && kind !== 'parse') || document === undefined) throw new Error(`mode: ${mode}?`);
const text = benchDocument(document.bytes);
const chunks = chunkText(text, document.seed);
const contender = kind === 'stream' ? ours : floor;
for (let r = 0; r < Number(count); r++) contender.run(chunks, text);

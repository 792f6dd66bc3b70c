/**
 * The response bench's probe for instruction counts (bench/instruction-count.ts): `<mode> <runs>`
 * runs the bare parser (`parser-150k`, `parser-600k`) or a response bound to a store
 * (`bound-150k`, `bound-600k`) over the bench's answer in 20-character chunks `runs` times, and
 * prints nothing.
 */
import { chunkText } from './harness';
import { benchDocument } from './json-documents';
import { chunkModel, parseChunks, respondToStore } from './response-store-path';

/** The bench's two answer sizes (its 171 KB and 669 KB tables). */
const SIZES = { '150k': 150_000, '600k': 600_000 };
export type ResponseProbeMode = `${'parser' | 'bound'}-${keyof typeof SIZES}`;

const [mode = '', count = '1'] = process.argv.slice(2);
const [kind, size] = mode.split('-') as ['parser' | 'bound', keyof typeof SIZES];
if ((kind !== 'parser' && kind !== 'bound') || SIZES[size] === undefined) throw new Error(`mode: ${mode}?`);
const chunks = chunkText(benchDocument(SIZES[size]), 7, 20, 20);
for (let r = 0; r < Number(count); r++) {
  if (kind === 'parser') parseChunks(chunks);
  else if ((await respondToStore(chunkModel(chunks))) !== 0) throw new Error('the bound response did not end done');
}

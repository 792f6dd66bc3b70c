/**
 * The response bench's probe for instruction counts (bench/instruction-count.ts): `<mode> <runs>`
 * runs the bare parser (`parser-*`), the async model stream feeding it (`feed-*`), the response
 * alone (`alone-*`), a response bound to a store (`bound-*`), the same with a subscriber that hears
 * every chunk (`listen-*`) or with a UI's path subscribers that read once per frame (`ui-*`, the
 * model paced by frames) over the bench's 150k or 600k answer
 * in 20-character chunks `runs` times, and prints nothing.
 */
import { chunkText } from './harness';
import { benchDocument } from './json-documents';
import {
  chunkModel,
  feedParser,
  pacedChunkModel,
  parseChunks,
  respondAlone,
  respondToStore,
  respondToUi,
} from './response-store-path';

/** The bench's two answer sizes (its 171 KB and 669 KB tables). */
const SIZES = { '150k': 150_000, '600k': 600_000 };
const KINDS = ['parser', 'feed', 'alone', 'bound', 'listen', 'ui'] as const;
export type ResponseProbeMode = `${(typeof KINDS)[number]}-${keyof typeof SIZES}`;

const [mode = '', count = '1'] = process.argv.slice(2);
const [kind, size] = mode.split('-') as [(typeof KINDS)[number], keyof typeof SIZES];
if (!KINDS.includes(kind) || SIZES[size] === undefined) throw new Error(`mode: ${mode}?`);
const chunks = chunkText(benchDocument(SIZES[size]), 7, 20, 20);
for (let r = 0; r < Number(count); r++) {
  if (kind === 'parser') parseChunks(chunks);
  else if (kind === 'feed') await feedParser(chunkModel(chunks));
  else if (kind === 'alone') await respondAlone(chunkModel(chunks));
  else if (kind === 'listen') await respondToStore(chunkModel(chunks), true);
  else if (kind === 'ui') await respondToUi(pacedChunkModel(chunks));
  else if ((await respondToStore(chunkModel(chunks))) !== 0) throw new Error('the bound response did not end done');
}

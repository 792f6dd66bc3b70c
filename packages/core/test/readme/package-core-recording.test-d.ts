// packages/core/README.md, "@fieldstream/core/recording", verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { writeFileSync } from 'node:fs';
import { createFieldStore, createResponse } from '@fieldstream/core';
import { parseRecording, recordResponse, replayRecording, serializeRecording } from '@fieldstream/core/recording';
import { scriptedModel } from '@fieldstream/core/testing';

// Record a run: the patch stream it sends, with its timing.
const model = scriptedModel({ answers: ['{"title": "Disk full"}'], chunkSize: 4 });
const recording = await recordResponse(createResponse({ model, input: 'Summarise', format: 'json' })).done;
writeFileSync('summary.recording.json', serializeRecording(recording));

// Replay it one message at a time into a store.
const replay = replayRecording(parseRecording(serializeRecording(recording)), { pace: 'step' });
const store = createFieldStore(replay);
while (replay.step()) console.log(store.getState().data);

expectTypeOf(replay.step).returns.toEqualTypeOf<boolean>();
expectTypeOf(recording.messages[0]?.at).toEqualTypeOf<number | undefined>();

// packages/devtools/README.md, "One response, one store; export and open", verbatim: it must compile as
// written (no casts), and readme-examples.test.ts runs it (by importing this file).
import { createFieldStore, createResponse, defineOutput } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import '@fieldstream/devtools/define';

const ticket = defineOutput({ title: ['string', 'a title', 'not_null'] });
const model = scriptedModel({ answers: ['{"title": "Printer jams"}'] });
const response = createResponse({ model, input: 'The printer jams', output: ticket });
const store = createFieldStore(response);

export const panel = document.createElement('fieldstream-devtools');
document.body.append(panel);
// Records the response (recording starts it); `run.stop()` would stop recording, the run staying.
const run = panel.attach(response, { label: 'ticket' });
// Counts the store's updates per animation frame, shown among the figures; the function stops it.
const stopCounting = panel.attachStore(store, { label: 'ticket store' });
// The recording is done once the response settled and its last message was recorded.
export const recording = await run.recorded;
stopCounting();

// The run as a file (the recording, as `serializeRecording` writes it), opened again as a second run.
const file = panel.exportRun();
if (file !== undefined) await panel.openFile(file);

import { createResponse } from '@fieldstream/core';
import { parseRecording } from '@fieldstream/core/recording';
import { scriptedModel } from '@fieldstream/core/testing';
import { expect, it } from 'vitest';
import { fakeClock, mountPanel, settle, shadowOf, texts, ticket, useFakeClock } from './support/panel';

useFakeClock();

it('exports a run as a recording file and opens it again, with the same timeline', async () => {
  const panel = mountPanel();
  const model = scriptedModel({ answers: ['{"title": "Printer jams", "priority": 2}'], delayMs: 10 });
  panel.attach(createResponse({ model, input: 'x', output: ticket, format: 'json' }), fakeClock);
  await settle();
  const recorded = texts(panel, '.fsd-entry');
  const file = panel.exportRun();
  expect(file?.name).toBe('fieldstream-run-1.json');
  const text = (await file?.text()) ?? '';
  expect(parseRecording(text).messages.length).toBeGreaterThan(0);
  // A recording is a patch stream's events: no prompt, key, header or cookie.
  expect(text).not.toMatch(/authorization|cookie|api[-_ ]?key|\bx\b"/i);
  await panel.openFile(file ?? new Blob());
  await settle();
  expect(texts(panel, '.fsd-runs option')).toEqual(['run 1 (page)', 'run 1 (page)']);
  expect(texts(panel, '.fsd-entry')).toEqual(recorded);
});

it('the Open run control reads the chosen file', async () => {
  const panel = mountPanel();
  const recording = { format: 'fieldstream-recording', version: 1, source: 'wire', label: 'fixture', messages: [] };
  const input = shadowOf(panel).querySelector<HTMLInputElement>('.fsd-file');
  if (input === null) throw new Error('no file input');
  Object.defineProperty(input, 'files', { value: [new File([JSON.stringify(recording)], 'run.json')] });
  input.dispatchEvent(new Event('change'));
  await settle();
  expect(texts(panel, '.fsd-runs option')).toEqual(['fixture']);
});

it('a file that is not a recording shows its typed error, and every run stays', async () => {
  const panel = mountPanel();
  const fixture = { format: 'fieldstream-recording', version: 1, source: 'page', label: 'kept', messages: [] } as const;
  panel.open({ ...fixture, messages: [] });
  await panel.openFile(new File(['{"format": "something else"}'], 'bad.json'));
  await panel.openFile(new File(['<html>'], 'page.html'));
  await settle();
  expect(texts(panel, '.fsd-message')).toEqual([
    'Could not open the file: RecordingError RECORDING_INVALID: Not a Fieldstream recording: the text is not JSON',
  ]);
  expect(shadowOf(panel).querySelector('.fsd-message')?.getAttribute('data-tone')).toBe('error');
  expect(texts(panel, '.fsd-runs option')).toEqual(['kept']);
});

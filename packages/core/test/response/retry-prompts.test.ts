import { createResponse, defineOutput, type ResponseEvent, selectFormat } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { scripted } from './model-helpers';

const allStrings = defineOutput({
  title: ['string', 'a short title', 'not_null'],
  body: ['string', 'the text'],
});

describe('the prompt envelope of a response', () => {
  it('has input, instruct, the format’s requirement, field requirements and [OUTPUT]:', async () => {
    const model = scripted(['{"title": "t", "body": "b"}']);
    const response = createResponse({
      model,
      input: { ticket: 'Printer on fire' },
      instruct: ['Write a title.', 'Keep it calm.'],
      output: allStrings,
      format: 'json',
      system: 'You are a triage assistant.',
    });
    await response.getData();
    const request = model.requests[0];
    const prompt = request?.prompt ?? '';
    expect(
      prompt.startsWith(
        '[INPUT]\n{\n  "ticket": "Printer on fire"\n}\n\n[INSTRUCT]\nWrite a title.\nKeep it calm.\n\n',
      ),
    ).toBe(true);
    expect(prompt).toContain('[OUTPUT REQUIREMENT]\nAnswer with one JSON value');
    expect(prompt).toContain(
      '\n\n[FIELD REQUIREMENTS]\n- title: a short title; required key; value must not be null, blank, or empty\n\n',
    );
    expect(prompt).not.toContain('[OUTPUT CORRECTION]');
    expect(prompt.endsWith('\n\n[OUTPUT]:')).toBe(true);
    expect(request?.messages).toEqual([
      { role: 'system', content: 'You are a triage assistant.' },
      { role: 'user', content: prompt },
    ]);
    expect(request?.attempt).toBe(0);
  });

  it('adds exactly one correction block on a retry, replacing the previous one', async () => {
    const model = scripted(['{"title": null}'], ['{"title": "  "}'], ['{"title": "ok"}']);
    const response = createResponse({ model, input: 'x', output: allStrings, format: 'json', earlyValidation: false });
    await response.getData();
    const corrections = model.requests.map((request) => request.prompt.split('[OUTPUT CORRECTION]').length - 1);
    expect(corrections).toEqual([0, 1, 1]);
    expect(model.requests[1]?.prompt).toContain(
      '[OUTPUT CORRECTION]\nYour previous answer could not be accepted: Required fields are missing or empty: title is null\n' +
        'Write the complete answer again with this fixed, following [OUTPUT REQUIREMENT] exactly.\n\n[OUTPUT]:',
    );
    expect(model.requests[2]?.prompt).toContain('Required fields are missing or empty: title is blank\n');
  });

  it('quotes at most 300 characters of the failure reason', async () => {
    const long = `the title must ${'really '.repeat(80)}be better`;
    const model = scripted(['{"title": "a"}'], ['{"title": "b"}']);
    const response = createResponse({
      model,
      input: 'x',
      output: allStrings,
      format: 'json',
      validate: (data) => data.title === 'b' || { ok: false, reason: long },
    });
    await response.getData();
    const line = (model.requests[1]?.prompt ?? '').split('\n').find((l) => l.startsWith('Your previous answer'));
    const quoted = line?.slice('Your previous answer could not be accepted: '.length) ?? '';
    expect(quoted).toHaveLength(300);
    expect(quoted.endsWith('…')).toBe(true);
    expect(long.startsWith(quoted.slice(0, -1))).toBe(true);
  });
});

describe('auto', () => {
  it('asks for the auto-chosen format first and degrades to json after a parse failure', async () => {
    expect(selectFormat(allStrings)).toBe('xml_field');
    const model = scripted(['Sorry, I would rather chat about printers.'], ['{"title": "Fire", "body": "Out"}']);
    const response = createResponse({ model, input: 'x', output: allStrings });
    const history: ResponseEvent[] = [];
    response.subscribe((event) => history.push(event));
    expect(await response.getData()).toEqual({ title: 'Fire', body: 'Out' });
    expect(model.requests.map((request) => request.format)).toEqual(['xml_field', 'json']);
    const requirement = (prompt = '') => prompt.split('[OUTPUT REQUIREMENT]\n')[1]?.split('\n\n[')[0] ?? '';
    expect(requirement(model.requests[0]?.prompt)).toContain('<agently_output>');
    expect(requirement(model.requests[1]?.prompt)).not.toContain('<agently_output>');
    expect(requirement(model.requests[1]?.prompt)).toMatch(/^Answer with one JSON value/);
    expect(model.requests[1]?.prompt).toContain(
      '[OUTPUT CORRECTION]\nYour previous answer could not be accepted: Could not parse',
    );
    expect(history.filter((event) => event.type === 'attempt')).toEqual([
      { type: 'attempt', attempt: 0, format: 'xml_field' },
      { type: 'attempt', attempt: 1, format: 'json', reason: 'parse_failed' },
    ]);
    expect(response.events.find((event) => event.type === 'model.retrying')).toMatchObject({
      format: 'json',
      retry_reason: 'parse_failed',
    });
    expect(await response.getMeta()).toMatchObject({ requestedFormat: 'auto', resolvedFormat: 'json', attempts: 2 });
  });

  it('does not degrade an explicitly chosen format', async () => {
    const model = scripted(['no fields here'], ['still none']);
    const response = createResponse({ model, input: 'x', output: allStrings, format: 'xml_field', maxRetries: 1 });
    await expect(response.getData()).rejects.toMatchObject({ name: 'OutputParseError', rawText: 'still none' });
    expect(model.requests.map((request) => request.format)).toEqual(['xml_field', 'xml_field']);
  });

  it('keeps the auto format when the failure was not a parse failure', async () => {
    const xml = (title: string) =>
      `<agently_output>\n<field name="title" type="text">${title}</field>\n<field name="body" type="text">b</field>\n</agently_output>`;
    const model = scripted([xml(' ')], [xml('Fire')]);
    const response = createResponse({ model, input: 'x', output: allStrings });
    expect(await response.getData()).toEqual({ title: 'Fire', body: 'b' });
    expect(model.requests.map((request) => request.format)).toEqual(['xml_field', 'xml_field']);
  });
});

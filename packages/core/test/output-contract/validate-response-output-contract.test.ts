import { readFileSync } from 'node:fs';
import { OutputContractError } from '@fieldstream/core';
import { planOutputContract } from '@fieldstream/core/kits';
import { describe, expect, it, vi } from 'vitest';
import { OutputContractSlot } from '../../src/providers/output-contract/output-contract-slot';
import {
  extractResponseOutputText,
  validateResponseOutputContract,
} from '../../src/providers/output-contract/validate-response-output-contract';

const schema = {
  type: 'object',
  properties: { answer: { type: 'string' } },
  required: ['answer'],
  additionalProperties: false,
};
const jsonModeOnly = { jsonObject: true, jsonSchema: false, strictJsonSchema: false, reasoning: false };
const plan = planOutputContract(jsonModeOnly, {
  responseFormat: { type: 'json_schema', name: 'answer', schema, strict: true },
});
const message = (...texts: string[]) => ({
  type: 'message',
  role: 'assistant',
  content: texts.map((text) => ({ type: 'output_text', text, annotations: [] })),
});

describe('extractResponseOutputText (seed: output text extraction)', () => {
  it('uses response.output_text when it is a string', () => {
    expect(extractResponseOutputText({ output_text: '{"answer":"a"}', output: [message('ignored')] })).toBe(
      '{"answer":"a"}',
    );
  });

  it('otherwise joins the output_text parts of every message item, in order, skipping everything else', () => {
    const response = {
      output: [
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 'thinking' }] },
        message('{"ans', 'wer":'),
        { type: 'function_call', name: 'f', arguments: '{}' },
        {
          type: 'message',
          content: [
            { type: 'refusal', refusal: 'no' },
            { type: 'output_text', text: '"b"}' },
          ],
        },
      ],
    };
    expect(extractResponseOutputText(response)).toBe('{"answer":"b"}');
    expect(extractResponseOutputText({})).toBe('');
    expect(extractResponseOutputText({ output_text: 3, output: 'x' })).toBe('');
  });
});

describe('a recorded OpenAI Responses object (fixtures/providers/recorded)', () => {
  const lines = readFileSync(
    new URL('../fixtures/providers/recorded/openai-responses-text.chunks.txt', import.meta.url),
    'utf8',
  ).trim();
  const completed = JSON.parse(lines.split('\n').at(-1) ?? '') as { response: Record<string, unknown> };

  it('has no output_text string: the text comes from its message output_text parts', () => {
    expect(completed.response.output_text).toBeUndefined();
    expect(extractResponseOutputText(completed.response)).toBe('OK');
  });

  it('fails a contract that requires JSON, with the diagnostic', () => {
    expect(() => validateResponseOutputContract(plan, completed.response)).toThrow(/^output_text is not valid JSON/);
  });
});

describe('validateResponseOutputContract', () => {
  it('returns the checked value of a response that keeps the contract', () => {
    expect(validateResponseOutputContract(plan, { output: [message('{"answer": "yes"}')] })).toEqual({ answer: 'yes' });
  });

  it('records the diagnostic (code, severity error, path) and throws it to the caller', () => {
    const record = vi.fn();
    const failure = (() => {
      try {
        validateResponseOutputContract(plan, { output_text: '```json\n{"answer": "yes"}\n```' }, { record });
      } catch (error) {
        return error;
      }
    })();
    const diagnostic = {
      code: 'BRIDGE_RESPONSE_INVALID_OUTPUT_FORMAT',
      severity: 'error',
      path: 'response.output_text',
      message: expect.stringMatching(/^output_text is not valid JSON/),
    };
    expect(record).toHaveBeenCalledWith(diagnostic);
    expect(failure).toBeInstanceOf(OutputContractError);
    expect(failure).toMatchObject({ code: 'BRIDGE_RESPONSE_INVALID_OUTPUT_FORMAT', diagnostic });
  });

  it('checks the schema too, and lets plans that require nothing pass', () => {
    expect(() => validateResponseOutputContract(plan, { output_text: '{"answer": 1}' })).toThrow(
      'output_text does not match the schema "answer": answer: expected string, got integer',
    );
    const passthrough = planOutputContract(jsonModeOnly, { responseFormat: { type: 'json_object' } });
    expect(validateResponseOutputContract(passthrough, { output_text: 'not json' })).toBe('not json');
  });
});

describe('OutputContractSlot', () => {
  it('holds the plan set during request building until validation reads it', () => {
    const slot = new OutputContractSlot();
    expect(slot.current()).toBeUndefined();
    slot.set(plan);
    expect(slot.current()).toBe(plan);
  });
});
